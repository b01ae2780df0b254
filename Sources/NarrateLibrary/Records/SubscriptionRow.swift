internal import GRDB

/// A row of `subscription`, read by position. Every query of subscriptions selects (or
/// returns) `columns`.
struct SubscriptionRow: FetchableRecord {
    var subscription: Subscription

    /// The columns read, in order.
    static let columns = """
        id, url, title, siteURL, format, tag, language, narrate, etag, lastModified, createdAt, lastCheckedAt, lastNewAt, \
        newItems, lastError, errorCount, notBefore
        """

    init(row: Row) {
        subscription = Subscription(
            id: row[0], url: row[1], title: row[2], siteURL: row[3], format: row[4], tag: row[5], language: row[6], narrate: row[7],
            etag: row[8], lastModified: row[9], createdAt: row[10], lastCheckedAt: row[11], lastNewAt: row[12], newItems: row[13],
            lastError: row[14], errorCount: row[15], notBefore: row[16]
        )
    }
}
