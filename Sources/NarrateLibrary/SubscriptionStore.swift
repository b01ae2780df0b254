import Foundation
internal import GRDB
public import NarrateCore

/// Feed subscriptions and the items seen in each.
public final class SubscriptionStore: Sendable {
    let database: LibraryDatabase

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// What subscribing did.
    public enum SubscribeOutcome: Sendable, Equatable {
        case subscribed(Subscription)
        /// The feed was followed already; its tag, language and narrate flag are as before.
        case alreadySubscribed(Subscription)

        /// The subscription, new or not.
        public var subscription: Subscription {
            switch self {
            case .subscribed(let subscription), .alreadySubscribed(let subscription): subscription
            }
        }
    }

    /// Follows the feed at `url` (unless it is followed already), with what is known of it.
    public func subscribe(
        url: String, title: String?, siteURL: String?, format: String?, tag: String?, language: String?, narrate: Bool
    ) throws(NarrateError) -> SubscribeOutcome {
        try subscribe(
            [NewSubscription(url: url, title: title, siteURL: siteURL, format: format, tag: tag)], language: language, narrate: narrate)[0]
    }

    /// A feed to follow, with what is known of it.
    public struct NewSubscription: Sendable {
        public var url: String
        public var title: String?
        public var siteURL: String?
        public var format: String?
        public var tag: String?

        public init(url: String, title: String?, siteURL: String?, format: String?, tag: String?) {
            self.url = url
            self.title = title
            self.siteURL = siteURL
            self.format = format
            self.tag = tag
        }
    }

    /// Follows each of `feeds` not followed already, all in one transaction (10,000 feeds of
    /// a reader's list in one write, not 10,000); the outcomes in order.
    public func subscribe(_ feeds: [NewSubscription], language: String?, narrate: Bool) throws(NarrateError) -> [SubscribeOutcome] {
        let now = LibraryDatabase.timestamp()
        return try database.write { db in
            let find = try db.makeStatement(sql: "SELECT \(SubscriptionRow.columns) FROM subscription WHERE url = ?")
            let insert = try db.makeStatement(
                sql: """
                    INSERT INTO subscription (url, title, siteURL, format, tag, language, narrate, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING \(SubscriptionRow.columns)
                    """)
            return try feeds.map { feed in
                if let row = try SubscriptionRow.fetchOne(find, arguments: [feed.url]) { return .alreadySubscribed(row.subscription) }
                let arguments: StatementArguments = [
                    feed.url, feed.title, feed.siteURL, feed.format, feed.tag.map(ArticleTagRow.normalized), language?.lowercased(),
                    narrate, now,
                ]
                guard let row = try SubscriptionRow.fetchOne(insert, arguments: arguments) else {
                    throw NarrateError(LibraryError.unavailable(path: database.path, reason: "the subscription was not stored"))
                }
                return .subscribed(row.subscription)
            }
        }
    }

    /// Every subscription, oldest first.
    public func all() throws(NarrateError) -> [Subscription] {
        try database.read { db in
            try SubscriptionRow.fetchAll(db, sql: "SELECT \(SubscriptionRow.columns) FROM subscription ORDER BY id").map(\.subscription)
        }
    }

    /// Subscription `id`.
    public func subscription(id: Int64) throws(NarrateError) -> Subscription {
        let found = try database.read { db in
            try SubscriptionRow.fetchOne(db, sql: "SELECT \(SubscriptionRow.columns) FROM subscription WHERE id = ?", arguments: [id])?
                .subscription
        }
        guard let found else { throw NarrateError(LibraryError.noSuchFeed(id: id)) }
        return found
    }

    /// Stops following feed `id`; its articles stay in the library. Returns it.
    @discardableResult
    public func unsubscribe(id: Int64) throws(NarrateError) -> Subscription {
        let subscription = try subscription(id: id)
        try database.write { db in
            try db.execute(sql: "DELETE FROM feedItem WHERE subscriptionId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM subscription WHERE id = ?", arguments: [id])
        }
        return subscription
    }

    /// What one check of a feed found.
    public struct FeedCheck: Sendable {
        /// The feed's title, site and format when it was read (nil: not read this time).
        public var title: String?
        public var siteURL: String?
        public var format: String?
        /// The validators to send next time (kept as they were when nil and the feed was not read).
        public var etag: String?
        public var lastModified: String?
        /// Items added to the library.
        public var newItems: Int
        /// Why the check failed, nil when it did not.
        public var error: String?
        /// Not to be asked again before this time (seconds since 1970).
        public var notBefore: Double?

        public init(
            title: String? = nil, siteURL: String? = nil, format: String? = nil, etag: String? = nil, lastModified: String? = nil,
            newItems: Int = 0, error: String? = nil, notBefore: Double? = nil
        ) {
            self.title = title
            self.siteURL = siteURL
            self.format = format
            self.etag = etag
            self.lastModified = lastModified
            self.newItems = newItems
            self.error = error
            self.notBefore = notBefore
        }
    }

    /// Records a check of feed `id`: a failed one counts in `errorCount` and keeps the
    /// validators; a successful one resets the count.
    public func recordCheck(subscriptionId id: Int64, _ check: FeedCheck) throws(NarrateError) {
        try recordChecks([(id, check)])
    }

    /// Records the checks of several feeds, in one transaction.
    public func recordChecks(_ checks: [(subscriptionId: Int64, check: FeedCheck)]) throws(NarrateError) {
        guard !checks.isEmpty else { return }
        try database.write { db in
            for (id, check) in checks { try Self.recordCheck(db, subscriptionId: id, check) }
        }
    }

    private static func recordCheck(_ db: Database, subscriptionId id: Int64, _ check: FeedCheck) throws {
        do {
            let now = LibraryDatabase.timestamp()
            if let error = check.error {
                try db.execute(
                    sql: """
                        UPDATE subscription SET lastCheckedAt = ?, lastError = ?, errorCount = errorCount + 1, notBefore = ?, newItems = 0
                        WHERE id = ?
                        """,
                    arguments: [now, error, check.notBefore, id]
                )
                return
            }
            try db.execute(
                sql: """
                    UPDATE subscription SET lastCheckedAt = ?, lastError = NULL, errorCount = 0, notBefore = ?, newItems = ?,
                        lastNewAt = CASE WHEN ? > 0 THEN ? ELSE lastNewAt END,
                        title = coalesce(?, title), siteURL = coalesce(?, siteURL), format = coalesce(?, format),
                        etag = CASE WHEN ? THEN ? ELSE etag END, lastModified = CASE WHEN ? THEN ? ELSE lastModified END
                    WHERE id = ?
                    """,
                arguments: [
                    now, check.notBefore, check.newItems, check.newItems, now, check.title, check.siteURL, check.format,
                    check.format != nil, check.etag, check.format != nil, check.lastModified, id,
                ]
            )
        }
    }

    /// The items of feed `id` already seen among `guids`, with their outcome.
    public func seenItems(subscriptionId id: Int64, guids: [String]) throws(NarrateError) -> [String: FeedItemOutcome] {
        guard !guids.isEmpty else { return [:] }
        return try database.read { db in
            var seen: [String: FeedItemOutcome] = [:]
            // In slices: SQLite binds at most 32,766 parameters a statement.
            for start in stride(from: 0, to: guids.count, by: 500) {
                let slice = Array(guids[start..<min(guids.count, start + 500)])
                let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
                let rows = try Row.fetchAll(
                    db, sql: "SELECT guid, outcome FROM feedItem WHERE subscriptionId = ? AND guid IN (\(marks))",
                    arguments: StatementArguments([id] + slice)
                )
                for row in rows {
                    let outcome: String = row[1]
                    seen[row[0]] = FeedItemOutcome(rawValue: outcome) ?? .failed
                }
            }
            return seen
        }
    }

    /// Records what became of item `guid` of feed `id` (replacing an earlier failure).
    public func recordItem(
        subscriptionId id: Int64, guid: String, url: String?, articleId: Int64?, outcome: FeedItemOutcome, detail: String? = nil
    ) throws(NarrateError) {
        try database.write { db in
            try Self.recordItem(db, subscriptionId: id, guid: guid, url: url, articleId: articleId, outcome: outcome, detail: detail)
        }
    }

    static func recordItem(
        _ db: Database, subscriptionId id: Int64, guid: String, url: String?, articleId: Int64?, outcome: FeedItemOutcome, detail: String?
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO feedItem (subscriptionId, guid, url, articleId, outcome, detail, seenAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (subscriptionId, guid) DO UPDATE SET url = excluded.url, articleId = excluded.articleId,
                    outcome = excluded.outcome, detail = excluded.detail, seenAt = excluded.seenAt
                """,
            arguments: [id, guid, url, articleId, outcome.rawValue, detail, LibraryDatabase.timestamp()]
        )
    }

    /// Records items of feed `id` that became nothing new (duplicates, mostly), all in one
    /// transaction: a feed of 50,000 items is recorded in one write.
    public func recordItems(
        subscriptionId id: Int64, _ items: [(guid: String, url: String?, outcome: FeedItemOutcome)]
    ) throws(NarrateError) {
        guard !items.isEmpty else { return }
        try database.write { db in
            let now = LibraryDatabase.timestamp()
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO feedItem (subscriptionId, guid, url, articleId, outcome, detail, seenAt) VALUES (?, ?, ?, NULL, ?, NULL, ?)
                    ON CONFLICT (subscriptionId, guid) DO UPDATE SET url = excluded.url, outcome = excluded.outcome, seenAt = excluded.seenAt
                    """)
            for item in items {
                try statement.execute(arguments: [id, item.guid, item.url, item.outcome.rawValue, now])
            }
        }
    }
}
