public import Foundation
public import NarrateCore
public import NarrateLibrary

/// The feeds podcast apps follow: every feed fetched is noted with when it was last
/// fetched, so the server renders ahead the episodes of those (and only those) while it runs,
/// after a restart too. Kept in the library's settings.
public struct FeedSubscriptions: Sendable {
    /// The library.
    public let library: ArticleLibrary
    /// A feed not fetched for this long is no longer rendered ahead.
    public static let followedFor: Double = 60 * 86_400
    /// A feed's fetch is noted again only after this long (a poll is not a write).
    static let noteInterval: Double = 3_600

    static let settingKey = "podcast.followedFeeds"

    /// The subscriptions of `library`.
    public init(library: ArticleLibrary) {
        self.library = library
    }

    /// Notes that `selection`'s feed was fetched at `now`; true when it was not followed
    /// before (its episodes should be queued now).
    @discardableResult
    public func noteFetch(of selection: FeedSelection, at now: Date = Date()) throws(NarrateError) -> Bool {
        var followed = try fetchTimes()
        let previous = followed[selection.key]
        if let previous, now.timeIntervalSince1970 - previous < Self.noteInterval { return false }
        followed[selection.key] = now.timeIntervalSince1970
        followed = followed.filter { now.timeIntervalSince1970 - $0.value < Self.followedFor }
        try save(followed)
        return previous == nil
    }

    /// The feeds fetched in the last 60 days, most recently fetched first.
    public func followed(at now: Date = Date()) throws(NarrateError) -> [FeedSelection] {
        try fetchTimes().filter { now.timeIntervalSince1970 - $0.value < Self.followedFor }
            .sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
            .compactMap { FeedSelection(key: $0.key) }
    }

    private func fetchTimes() throws(NarrateError) -> [String: Double] {
        guard let json = try library.settings.value(Self.settingKey),
            let times = try? JSONDecoder().decode([String: Double].self, from: Data(json.utf8))
        else { return [:] }
        return times
    }

    private func save(_ times: [String: Double]) throws(NarrateError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(times) else { return }
        try library.settings.set(Self.settingKey, to: String(decoding: data, as: UTF8.self))
    }
}
