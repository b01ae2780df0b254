import NarrateTestSupport
import Testing

/// The server of the running suite, set by the `.localServer` trait.
enum SuiteServer {
    @TaskLocal static var current: TestServer?
}

/// Runs a suite with one `TestServer` for all its tests and stops it afterwards.
struct LocalServerTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        try await SuiteServer.$current.withValue(server) {
            try await function()
        }
    }
}

extension Trait where Self == LocalServerTrait {
    /// One local HTTP server (`Tests/Support/test_server.py`) for the whole suite.
    static var localServer: Self { LocalServerTrait() }
}
