import Foundation
internal import GRDB
public import NarrateCore

/// The user's library of saved articles: one SQLite database, shared by every narrate
/// process that opens it, and its stores, one for each part of what it keeps (articles,
/// renders, positions, the job queue, feed subscriptions, imported links, settings, up next).
///
/// Every change is one short IMMEDIATE transaction, so an interrupted command leaves no half
/// article, and a second process waits (busy timeout) instead of failing.
public final class ArticleLibrary: Sendable {
    /// Where the library lives.
    public let location: LibraryLocation
    /// The articles: adding, listing, searching, tagging, removing.
    public let articles: ArticleStore
    /// The audio made of the articles, with its sentence and word timings.
    public let renders: RenderStore
    /// Where the listener of each article is, and was.
    public let positions: PositionStore
    /// The batch queue of this library's workers.
    public let queue: LibraryJobQueue
    /// The feeds followed, and the items seen in each.
    public let subscriptions: SubscriptionStore
    /// The links imported from read-later services.
    public let savedLinks: SavedLinkStore
    /// The library's own settings.
    public let settings: SettingStore
    /// The articles to hear next, in the listener's order.
    public let upNext: UpNextStore
    private let database: LibraryDatabase

    /// Words per minute that listening times are estimated at (narrate's default rate).
    public static let listeningRate = Double(VoiceSettings.standard.rate)

    /// Opens the library at `location`, creating it (and its folder) if it does not exist and
    /// upgrading an older schema. A file that is not an SQLite database is left untouched.
    public convenience init(location: LibraryLocation) throws(NarrateError) {
        self.init(location: location, database: try LibraryDatabase.open(at: location.databasePath))
    }

    /// A new, empty library kept in memory only, gone with the last reference to it (for
    /// tests, and for trying things out); audio it makes of its own goes to `location`'s
    /// audio folder.
    public static func inMemory(location: LibraryLocation = LibraryLocation(databasePath: ":memory:")) throws(NarrateError)
        -> ArticleLibrary
    {
        ArticleLibrary(location: location, database: try LibraryDatabase.inMemory())
    }

    private init(location: LibraryLocation, database: LibraryDatabase) {
        self.location = location
        self.database = database
        articles = ArticleStore(database: database, audioDirectory: location.audioDirectory)
        renders = RenderStore(database: database)
        positions = PositionStore(database: database)
        queue = LibraryJobQueue(database: database)
        subscriptions = SubscriptionStore(database: database)
        savedLinks = SavedLinkStore(database: database)
        settings = SettingStore(database: database)
        upNext = UpNextStore(database: database)
    }

    /// Runs `body` with this library as one snapshot: every read it makes through the
    /// library it is given joins one read transaction, so what a use case reads in several
    /// steps (an article, its renders, its jobs) is consistent, whatever other processes
    /// commit meanwhile. That library only reads (a change through it is a programming
    /// error: make changes after) and must not be kept past `body`.
    public func snapshot<T>(_ body: (ArticleLibrary) throws(NarrateError) -> T) throws(NarrateError) -> T {
        try database.snapshotting { database in
            try body(ArticleLibrary(location: location, database: database))
        }
    }

    /// The library's change counters now: one statement, so read without a transaction of
    /// its own (a 304 to a podcast app's poll is this read and little else).
    public func changeStamp() throws(NarrateError) -> LibraryChangeStamp {
        try database.readOneStatement { db in
            var stamp = LibraryChangeStamp(library: 0, progress: 0)
            for row in try Row.fetchAll(db, sql: "SELECT name, value FROM changeCount") {
                switch row[0] as String {
                case "library": stamp.library = row[1]
                case "progress": stamp.progress = row[1]
                default: break
                }
            }
            return stamp
        }
    }

    // MARK: Checking

    /// The writer's `PRAGMA synchronous` level (2 is FULL: every commit reaches the disk).
    public func writeDurability() throws(NarrateError) -> Int {
        try database.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// What SQLite's `PRAGMA integrity_check` finds wrong with the database file; empty when
    /// it is sound.
    public func integrityProblems() throws(NarrateError) -> [String] {
        try database.read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
        }
    }
}
