import Foundation
internal import GRDB
import NarrateCore
import NarrateSystem

/// The library's database: any GRDB writer (a `DatabasePool` on a file, in WAL mode, so
/// several narrate processes can share it; a `DatabaseQueue` in memory for tests), with the
/// schema migrated, and the one place GRDB's errors become `NarrateError`s.
///
/// Every change is one short IMMEDIATE transaction, so an interrupted command leaves no half
/// article, and a second process waits (busy timeout) instead of failing.
///
/// Unchecked: `snapshot`, a GRDB `Database`, is set only in the copy `snapshotting` makes for
/// the body of `ArticleLibrary.snapshot`, which uses it on the thread that runs the body and
/// not after (GRDB's own rule for a `Database`).
final class LibraryDatabase: @unchecked Sendable {
    /// The database file (":memory:" for one in memory), for messages.
    let path: String
    let writer: any DatabaseWriter
    /// The read transaction every read joins; nil: each read is a transaction of its own.
    private let snapshot: Database?

    private init(path: String, writer: any DatabaseWriter, snapshot: Database? = nil) {
        self.path = path
        self.writer = writer
        self.snapshot = snapshot
    }

    /// Runs `body` with a copy of this database whose reads all join one read transaction:
    /// what they read is one snapshot. The copy only reads (a write is a programming error)
    /// and must not outlive `body`.
    func snapshotting<T>(_ body: (LibraryDatabase) throws -> T) throws(NarrateError) -> T {
        if snapshot != nil { return try run { try body(self) } }
        return try read { db in try body(LibraryDatabase(path: path, writer: writer, snapshot: db)) }
    }

    /// `body`'s errors as `NarrateError`s.
    private func run<T>(_ body: () throws -> T) throws(NarrateError) -> T {
        do {
            return try body()
        } catch let error as NarrateError {
            throw error
        } catch {
            throw NarrateError(LibraryError.unavailable(path: path, reason: Self.describe(error, at: path)))
        }
    }

    /// The database file at `path`, created (and its folder) if it does not exist and its
    /// schema upgraded. A file that is not an SQLite database is left untouched.
    static func open(at path: String) throws(NarrateError) -> LibraryDatabase {
        try checkExistingFile(at: path)
        try createParentDirectory(of: path)
        // Two processes opening the same new or older library race to switch it to WAL and to
        // migrate it. GRDB's migrator reads which migrations are applied before it takes the
        // write lock for each one, so the process that loses gets SQLITE_BUSY, or runs a
        // migration the other has just applied ("table already exists", "duplicate column
        // name"). Either way the other process has moved the schema on since this one looked,
        // and a second look finds the work done. It looks again until the schema has stood
        // still for as long as the busy timeout: while other openers move it on, a loaded
        // machine can take many seconds to migrate and sync an old library, and that is
        // waited for, not an error.
        // Openers of libraries in one folder take turns (an advisory lock on the folder, held
        // while the database is opened and migrated): six openers of an old library at once,
        // on a machine slowed by a sanitizer, still ran past the busy timeout racing each
        // other (CI, twice). The looks again below stay for a file system without flock.
        let turn = FolderTurn(folderOf: path)
        defer { turn.end() }
        let migrator = LibrarySchema.migrator
        var attempt = 0
        let patience = Duration.seconds(10)
        var deadline = ContinuousClock.now + patience
        var lastSeen: Set<String>?
        while true {
            var pool: DatabasePool?
            var appliedBefore: Set<String>?
            do {
                let opened = try DatabasePool(path: path, configuration: configuration)
                pool = opened
                // GRDB sets NORMAL in WAL mode, where a power cut may undo transactions that
                // were reported committed; FULL syncs the log at every commit, so what narrate
                // said it saved stays saved. (Set after the pool exists: GRDB's WAL set-up runs
                // after `prepareDatabase`. All writes go through the pool's one writer.)
                try opened.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
                appliedBefore = try opened.read { try migrator.appliedIdentifiers($0) }
                try migrator.migrate(opened)
                return LibraryDatabase(path: path, writer: opened)
            } catch {
                attempt += 1
                let appliedAfter = try? pool?.read { try migrator.appliedIdentifiers($0) }
                let migratedMeanwhile = appliedBefore != nil && appliedAfter != nil && appliedAfter != appliedBefore
                let movedOn = migratedMeanwhile || (lastSeen != nil && appliedAfter != nil && appliedAfter != lastSeen)
                if let appliedAfter { lastSeen = appliedAfter }
                if movedOn { deadline = ContinuousClock.now + patience }
                guard ContinuousClock.now < deadline, migratedMeanwhile || isRace(error) else {
                    throw NarrateError(LibraryError.unavailable(path: path, reason: describe(error, at: path)))
                }
                usleep(UInt32(20_000 * min(attempt, 10)))
            }
        }
    }

    /// A new, empty database in memory, with the library's schema: gone with the last
    /// reference to it.
    static func inMemory() throws(NarrateError) -> LibraryDatabase {
        let path = ":memory:"
        do {
            let queue = try DatabaseQueue(configuration: configuration)
            try LibrarySchema.migrator.migrate(queue)
            return LibraryDatabase(path: path, writer: queue)
        } catch {
            throw NarrateError(LibraryError.unavailable(path: path, reason: describe(error, at: path)))
        }
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        configuration.label = "narrate library"
        return configuration
    }

    // MARK: Reading and writing

    /// Runs `body` in one read transaction: what it reads is one snapshot.
    func read<T>(_ body: (Database) throws -> T) throws(NarrateError) -> T {
        if let snapshot { return try run { try body(snapshot) } }
        do {
            return try writer.read(body)
        } catch let error as NarrateError {
            throw error
        } catch {
            throw NarrateError(LibraryError.unavailable(path: path, reason: Self.describe(error, at: path)))
        }
    }

    /// Runs `body`, which executes one statement, outside a transaction: SQLite reads one
    /// statement from one snapshot anyway, and it saves a BEGIN and a COMMIT.
    func readOneStatement<T>(_ body: (Database) throws -> T) throws(NarrateError) -> T {
        if let snapshot { return try run { try body(snapshot) } }
        do {
            return try writer.unsafeRead(body)
        } catch let error as NarrateError {
            throw error
        } catch {
            throw NarrateError(LibraryError.unavailable(path: path, reason: Self.describe(error, at: path)))
        }
    }

    /// Runs `body` in one IMMEDIATE transaction: all of it is committed, or (when it throws)
    /// none.
    func write<T>(_ body: (Database) throws -> T) throws(NarrateError) -> T {
        precondition(snapshot == nil, "a library snapshot only reads")
        do {
            return try writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch let error as NarrateError {
            throw error
        } catch {
            throw NarrateError(LibraryError.unavailable(path: path, reason: Self.describe(error, at: path)))
        }
    }

    /// Runs `body` outside a transaction, on the writer's connection (for pragmas).
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws(NarrateError) -> T {
        precondition(snapshot == nil, "a library snapshot only reads")
        do {
            return try writer.writeWithoutTransaction(body)
        } catch {
            throw NarrateError(LibraryError.unavailable(path: path, reason: Self.describe(error, at: path)))
        }
    }

    // MARK: Checking

    /// Refuses a file that exists but is not an SQLite database, before SQLite touches it.
    private static func checkExistingFile(at path: String) throws(NarrateError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw NarrateError(LibraryError.unavailable(path: path, reason: "is a directory; give the path of a library file"))
        }
        guard status.st_size > 0 else { return }
        guard let file = fopen(path, "rb") else {
            throw NarrateError(LibraryError.unavailable(path: path, reason: String(cString: strerror(errno)).lowercased()))
        }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = fread(&header, 1, 16, file)
        if count < 16 || Array("SQLite format 3\0".utf8) != header {
            throw NarrateError(LibraryError.notALibrary(path: path))
        }
    }

    private static func createParentDirectory(of path: String) throws(NarrateError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw NarrateError(LibraryError.unavailable(path: path, reason: "cannot create its folder \(directory)"))
        }
    }

    /// Whether `error` is what waiting on another process opening the same library looks like.
    private static func isRace(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    /// Whether the file system holding `path` has (almost) no room left.
    private static func isDiskFull(at path: String) -> Bool {
        var status = statvfs()
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        guard statvfs(folder.isEmpty ? "/" : folder, &status) == 0 else { return false }
        return UInt64(status.f_bavail) * UInt64(status.f_frsize) < 64 * 1024
    }

    private static func describe(_ error: any Error, at path: String) -> String {
        if let error = error as? DatabaseError {
            // SQLite says SQLITE_IOERR, not SQLITE_FULL, when the disk fills while it grows its
            // write-ahead log or shared memory file; the free space tells the two apart.
            if error.resultCode == .SQLITE_FULL || (error.resultCode == .SQLITE_IOERR && Self.isDiskFull(at: path)) {
                return "the disk is full; nothing was changed (free some space and try again)"
            }
            switch error.resultCode {
            case .SQLITE_READONLY: return "the library is read-only; check the file's permissions"
            case .SQLITE_CANTOPEN: return "cannot open the file; check the path and permissions"
            case .SQLITE_NOTADB: return "not an SQLite database (left untouched)"
            case .SQLITE_CORRUPT: return "the database is corrupt"
            case .SQLITE_BUSY: return "another narrate is holding the library; try again"
            case .SQLITE_IOERR: return "an I/O error (\(error.message ?? "disk I/O error")); nothing was changed; check the disk"
            default: return error.message ?? "\(error.resultCode)"
            }
        }
        return "\(error)"
    }
}

extension LibraryDatabase {
    /// Now, as the library writes times (ISO 8601, UTC).
    static func timestamp() -> String {
        Date().formatted(Date.ISO8601FormatStyle())
    }
}
