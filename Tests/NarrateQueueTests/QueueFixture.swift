import Foundation
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarratePostgres
import NarratePostgresCluster
import NarrateQueue
import NarrateTestSupport
import NarrateText
import Testing

/// The two implementations of the queue protocol the behaviour tests run against.
enum QueueKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgresql

    var testDescription: String { rawValue }

    /// SQLite always; PostgreSQL when a throwaway cluster could be started here (else its
    /// tests are skipped, visibly, by `PostgresAvailabilityTests`).
    static var available: [QueueKind] { PostgresCluster.isAvailable ? [.sqlite, .postgresql] : [.sqlite] }
}

/// A fresh queue of one kind for one test: a new library file, or a new database in the
/// test cluster. `another()` opens a second handle on the same queue, as another worker
/// process would.
final class QueueFixture: @unchecked Sendable {
    let kind: QueueKind
    let folder: ScratchDirectory
    let queue: any JobQueue
    private let library: ArticleLibrary?
    private let address: PostgresQueueAddress?
    private var articles = 0

    init(_ kind: QueueKind) async throws {
        self.kind = kind
        folder = try ScratchDirectory()
        switch kind {
        case .sqlite:
            let library = try ArticleLibrary(location: LibraryLocation(databasePath: "\(folder.path)/library.sqlite"))
            self.library = library
            address = nil
            queue = library.queue
        case .postgresql:
            let cluster = try PostgresCluster.shared.get()
            let database = "queue_\(UUID().uuidString.prefix(8).lowercased())"
            try await cluster.psql("CREATE DATABASE \(database)", database: "postgres")
            let address = try PostgresQueueAddress(
                url: cluster.url(user: PostgresCluster.user, password: PostgresCluster.password, database: database) + "?sslmode=disable",
                environment: [:], home: nil
            )
            self.address = address
            library = nil
            queue = try await PostgresJobQueue(address: address)
        }
    }

    /// Another handle on the same queue.
    func another() async throws -> any JobQueue {
        switch kind {
        case .sqlite: return try ArticleLibrary(location: LibraryLocation(databasePath: "\(folder.path)/library.sqlite")).queue
        case .postgresql: return try await PostgresJobQueue(address: try #require(address))
        }
    }

    /// A job to queue for a new article of about `words` words (the library's queue needs
    /// the article in the library; PostgreSQL's carries it).
    func submission(
        words: Int = 12, output: String? = nil, maxAttempts: Int = 3, priority: JobPriority = .batch
    ) throws -> JobSubmission {
        articles += 1
        let number = articles
        let sentence = "The keeper wound the clock and wrote it down."
        let text = "Article \(number)\n\n" + Array(repeating: sentence, count: max(1, words / 9)).joined(separator: " ")
        var articleId = Int64(number)
        var workSize = words
        if let library {
            let document = try TextReader().read(text, path: "a.txt")
            let outcome = try library.articles.add(
                NewArticle(
                    title: document.title, language: "en", original: Array(text.utf8), document: document,
                    sentences: SentenceSegmenter(language: "en").sentences(of: document)
                ))
            guard case .added(let id, _) = outcome else { throw NarrateError(LibraryError.noSuchArticle(id: -1)) }
            articleId = id
            workSize = try library.articles.article(id: id).summary.wordCount
        }
        return JobSubmission(
            articleId: articleId, settingsHash: "h", renderRequest: #"{"voice":"en-us"}"#, format: "wav",
            outputPath: output ?? "\(folder.path)/\(number).wav", maxAttempts: maxAttempts, priority: priority,
            workSize: workSize, article: kind == .postgresql ? #"{"title":"Article \#(number)"}"# : nil,
            origin: kind == .postgresql ? "library-1" : nil
        )
    }

    /// Queues `submission` and returns its job.
    @discardableResult
    func enqueue(_ submission: JobSubmission) async throws -> BatchJob {
        switch try await queue.enqueue(submission) {
        case .queued(let job), .alreadyQueued(let job): return job
        }
    }
}
