import Foundation
import Testing

/// The local HTTP server of `Resources/test_server.py` (python3, standard library only),
/// listening on 127.0.0.1; one runs for the whole suite.
final class TestServer: Sendable {
    /// The server of the running suite, set by the `.localServer` trait.
    @TaskLocal static var current: TestServer?

    /// The script, found next to this file.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources/test_server.py").path

    /// The port the server listens on.
    let port: Int
    private let process: Process
    /// Held open while the server runs: the script exits when its standard input closes, so a
    /// test run that dies takes its server with it.
    private let input: Pipe

    private init(port: Int, process: Process, input: Pipe) {
        self.port = port
        self.process = process
        self.input = input
    }

    /// Starts the server and waits for the port it prints on its first line.
    static func start() throws -> TestServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw TestServerError(description: "cannot run /usr/bin/env python3: \(error)")
        }

        var firstLine = Data()
        while !firstLine.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine.append(chunk)
        }
        let text = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text) else {
            process.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if process.terminationStatus == 127 {
                throw TestServerError(
                    description: "python3 is not installed or not on PATH; the NarrateFetch tests need it "
                        + "to run their local HTTP server (\(stderr.trimmingCharacters(in: .whitespacesAndNewlines)))"
                )
            }
            throw TestServerError(
                description: "\(script) did not print its port (exit status \(process.terminationStatus)): \(stderr)"
            )
        }
        return TestServer(port: port, process: process, input: input)
    }

    /// The full address of `path` on this server.
    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// Stops the server and waits for it to exit.
    func stop() {
        process.terminate()
        // Closing its input ends the script too, should SIGTERM be blocked after all.
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// Why the test server could not start.
struct TestServerError: Error, CustomStringConvertible {
    var description: String
}

/// Runs a suite with one `TestServer` for all its tests and stops it afterwards.
struct LocalServerTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        try await TestServer.$current.withValue(server) {
            try await function()
        }
    }
}

extension Trait where Self == LocalServerTrait {
    /// One local HTTP server (`Resources/test_server.py`) for the whole suite.
    static var localServer: Self { LocalServerTrait() }
}
