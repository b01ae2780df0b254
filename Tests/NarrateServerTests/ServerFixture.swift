import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NarrateBatch
import NarrateCore
import NarrateImport
import NarrateLibrary
import NarrateQueue
import NarrateRendering
import NarrateServer
import NarrateTestSupport
import Synchronization
import Testing

/// Renders queued jobs in this process with the fake engine, at once, when the server asks
/// for a worker (the real server starts `narrate worker` processes).
final class InProcessWorkers: RenderWorkers {
    let library: ArticleLibrary
    /// Times the server asked for a worker.
    let asked = Atomic<Int>(0)

    init(library: ArticleLibrary) {
        self.library = library
    }

    func ensureRunning(for priority: JobPriority) async throws(NarrateError) {
        asked.add(1, ordering: .relaxed)
        let worker = BatchWorker(
            library: library, engine: FakeEngine(), presets: VoicePresetLibrary(directories: []), name: "test", leaseSeconds: 30
        )
        try await worker.run(claimsNoMore: { false }, stopsNow: { false })
    }
}

/// A library in a scratch folder with a server over it, tested through Hummingbird's live
/// test client: the server on a port of 127.0.0.1 the system picks. (The router test client,
/// which needs no socket, leaves a testing channel per request for LeakSanitizer to report.)
struct ServerFixture: @unchecked Sendable {
    let scratch: ScratchDirectory
    let library: ArticleLibrary
    let workers: InProcessWorkers

    init() throws {
        scratch = try ScratchDirectory()
        library = try ArticleLibrary(location: LibraryLocation(databasePath: "\(scratch.path)/library.sqlite"))
        workers = InProcessWorkers(library: library)
    }

    /// The server, with `token` asked of every request when given, `feedSecret` in the
    /// private feeds' addresses, `limits` on its connections, `allowedHosts` besides the
    /// built-in names, and the `publicAddress` a reverse proxy serves it at.
    func server(
        token: String? = nil, feedSecret: String? = nil, limits: ConnectionLimits = ConnectionLimits(), allowedHosts: [String] = [],
        publicAddress: PublicAddress? = nil
    ) -> NarrateServer {
        NarrateServer(
            settings: ServerSettings(
                host: "127.0.0.1", port: 0, location: library.location, token: token, feedSecret: feedSecret,
                allowedHosts: AllowedHosts(names: allowedHosts), connectionLimits: limits, publicAddress: publicAddress
            ),
            library: library, workers: workers, engine: { () throws(NarrateError) -> any SpeechEngine in FakeEngine() }
        )
    }

    /// Runs `body` with a client of the server.
    func test<Value>(
        token: String? = nil, feedSecret: String? = nil, limits: ConnectionLimits = ConnectionLimits(), allowedHosts: [String] = [],
        publicAddress: PublicAddress? = nil, _ body: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        try await server(token: token, feedSecret: feedSecret, limits: limits, allowedHosts: allowedHosts, publicAddress: publicAddress)
            .application().test(.live, body)
    }

    /// Adds an article from `text` (paragraphs separated by blank lines), in English unless
    /// `language` says otherwise.
    @discardableResult
    func add(_ text: String, title: String = "A test article", tags: [String] = [], language: String = "en") throws -> Int64 {
        let importer = ArticleImport(format: .markdown, title: title, language: language, tags: tags)
        return try library.articles.add(importer.article(pasted: text, detector: nil)).articleId
    }

    static let sampleText = """
        # The weather station

        The wind rose before dawn. Rain followed at seven, and the gauge filled by noon.

        ## Readings

        Pressure fell all morning. It rose again at four.
        """
}

/// A response's body as a JSON object.
func jsonObject(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any] {
    let data = Data(response.body.readableBytesView)
    guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
        Issue.record("not a JSON object: \(String(decoding: data, as: UTF8.self).prefix(300))", sourceLocation: sourceLocation)
        return [:]
    }
    return object
}

/// The message of a JSON error answer, checking it has the error's shape and `status`.
func errorMessage(_ response: TestResponse, status: HTTPResponse.Status, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    #expect(response.status == status, "\(String(buffer: response.body))", sourceLocation: sourceLocation)
    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
    let error = jsonObject(response, sourceLocation: sourceLocation)["error"] as? [String: Any]
    #expect(error?["status"] as? Int == Int(status.code), sourceLocation: sourceLocation)
    let message = error?["message"] as? String ?? ""
    #expect(!message.isEmpty, sourceLocation: sourceLocation)
    return message
}

/// `text` as a request body.
func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }
