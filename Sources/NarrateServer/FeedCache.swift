import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NarrateCore
import NarrateLibrary
import NarratePublishing
import Synchronization

/// Feeds and covers made before, kept with the library's change stamp they were made at: a
/// podcast app polling a feed that has not changed costs one read of the stamp, and its
/// `If-None-Match` is answered 304 from here. A feed made again with the same bytes keeps
/// its ETag and Last-Modified. At most `capacity` feeds are kept (the oldest made go first).
final class FeedCache: Sendable {
    /// Which feed, as whom it is made for.
    struct Key: Hashable, Sendable {
        var selection: FeedSelection
        /// The address it links its files under.
        var base: String
    }

    /// A made feed (or cover): its body kept as the buffer every answer shares.
    struct Entry: Sendable {
        var stamp: LibraryChangeStamp
        var body: ByteBuffer
        var etag: String
        var lastModified: Date
        var made: UInt64
    }

    let capacity: Int
    private let feeds = NIOLockedValueBox<[Key: Entry]>([:])
    private let noted = NIOLockedValueBox<[String: Date]>([:])
    private let covers = NIOLockedValueBox<[String: Entry]>([:])
    private let counter = Atomic<UInt64>(0)

    init(capacity: Int = 32) {
        self.capacity = capacity
    }

    /// The feed for `key` made at `stamp`, when there is one.
    func feed(_ key: Key, at stamp: LibraryChangeStamp) -> Entry? {
        feeds.withLockedValue { entries in entries[key].flatMap { $0.stamp == stamp ? $0 : nil } }
    }

    /// Whether a fetch of `selection` should be noted in the library (as followed): not when
    /// this server noted it in the last hour (a poll is then one read, not two).
    func shouldNoteFetch(of selection: FeedSelection, now: Date = Date()) -> Bool {
        noted.withLockedValue { noted in
            if let last = noted[selection.key], now.timeIntervalSince(last) < 3_600 { return false }
            noted[selection.key] = now
            return true
        }
    }

    /// Keeps `body` (with its `etag`, from `etag(of:)`) as the feed for `key` at `stamp`.
    func storeFeed(_ key: Key, at stamp: LibraryChangeStamp, body: ByteBuffer, etag: String) -> Entry {
        let made = counter.add(1, ordering: .relaxed).newValue
        return feeds.withLockedValue { entries in
            let entry = Entry(
                stamp: stamp, body: body, etag: etag, lastModified: Self.lastModified(etag: etag, before: entries[key]), made: made
            )
            entries[key] = entry
            if entries.count > capacity, let oldest = entries.min(by: { $0.value.made < $1.value.made })?.key {
                entries[oldest] = nil
            }
            return entry
        }
    }

    /// The cover drawn or made for `name` at `stamp` (settings may have changed it), when
    /// there is one.
    func cover(_ name: String, at stamp: LibraryChangeStamp) -> Entry? {
        covers.withLockedValue { entries in entries[name].flatMap { $0.stamp == stamp ? $0 : nil } }
    }

    /// Keeps `body` (with its `etag`) as the cover for `name` at `stamp`.
    func storeCover(_ name: String, at stamp: LibraryChangeStamp, body: ByteBuffer, etag: String) -> Entry {
        covers.withLockedValue { entries in
            let entry = Entry(
                stamp: stamp, body: body, etag: etag, lastModified: Self.lastModified(etag: etag, before: entries[name]), made: 0)
            if entries.count >= capacity { entries.removeAll() }
            entries[name] = entry
            return entry
        }
    }

    /// A strong entity tag: the first 128 bits of the body's SHA-256 (made on the thread
    /// pool with the body: 16 MB take tens of milliseconds).
    static func etag(of body: [UInt8]) -> String {
        "\"" + MessageDigest.hex(MessageDigest.hash(.sha256, of: body).prefix(16)) + "\""
    }

    /// When a body with `etag` last changed, given the entry made `before`: then, if it is the
    /// same; else now, and always later than then (HTTP dates count whole seconds: a client
    /// that sends only If-Modified-Since must not miss a second change within one second).
    static func lastModified(etag: String, before: Entry?) -> Date {
        guard let before else { return now() }
        if before.etag == etag { return before.lastModified }
        return max(now(), before.lastModified.addingTimeInterval(1))
    }

    /// Now, to the second (HTTP dates have no fractions).
    private static func now() -> Date {
        Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }
}
