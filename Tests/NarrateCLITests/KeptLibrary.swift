import Foundation
import NarrateLibrary

/// A library a test opens once, when a narrate process has made it, and reads again and again
/// (WAL readers see each commit of the other processes and never hold up their writes).
final class KeptLibrary: @unchecked Sendable {
    private let lock = NSLock()
    private var opened: ArticleLibrary?

    /// The library at `path`, opened on the first call after its file exists; nil before.
    func library(at path: String) throws -> ArticleLibrary? {
        lock.lock()
        defer { lock.unlock() }
        if let opened { return opened }
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let library = try ArticleLibrary(location: LibraryLocation(databasePath: path))
        opened = library
        return library
    }
}
