import NIOPosix
import NarrateCore
import NarrateLibrary

/// Runs the library's blocking SQLite work on NIO's thread pool, off the threads that serve
/// requests, so a slow query or a write waiting for a worker's never holds up the others.
struct LibraryWork: Sendable {
    let library: ArticleLibrary

    func run<T: Sendable>(_ body: @escaping @Sendable (ArticleLibrary) throws(NarrateError) -> T) async throws -> T {
        let library = library
        return try await NIOThreadPool.singleton.runIfActive { try body(library) }
    }
}
