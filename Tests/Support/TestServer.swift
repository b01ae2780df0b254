import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The local HTTP server of `test_server.py` (python3, standard library only),
/// listening on 127.0.0.1; one runs for the whole suite.
public final class TestServer: Sendable {
    /// The script, found next to this file.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("test_server.py").path

    /// The port the server listens on.
    public let port: Int
    private let process: Process
    /// Held open while the server runs: the script exits when its standard input closes, so a
    /// test run that dies takes its server with it.
    private let input: Pipe

    private init(port: Int, process: Process, input: Pipe) {
        self.port = port
        self.process = process
        self.input = input
    }

    /// Starts the server and waits for the port it prints on its first line; with `files`,
    /// it also serves that folder's files at /files/.
    public static func start(files: String? = nil) throws -> TestServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + (files.map { ["--files", $0] } ?? [])
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try DescriptorGate.launch(process)
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

    /// Starts the server as `start(files:)` does, waiting for its port on a thread of its own.
    public static func start(files: String? = nil) async throws -> TestServer {
        try await onOwnThread { try start(files: files) }
    }

    /// The full address of `path` on this server.
    public func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// How often each path (with its query) has been asked for so far.
    public func requestCounts() throws -> [String: Int] {
        guard let address = URL(string: url("/requests")) else { return [:] }
        let data = try Data(contentsOf: address)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Int]) ?? [:]
    }

    /// How often each path has been asked for so far, asked on a thread of its own.
    public func requestCounts() async throws -> [String: Int] {
        try await onOwnThread { try self.requestCounts() }
    }

    /// Stops the server and waits for it to exit.
    public func stop() {
        process.terminate()
        // Closing its input ends the script too, should SIGTERM be blocked after all.
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// Why the test server could not start.
public struct TestServerError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// Creates an error saying `description`.
    public init(description: String) {
        self.description = description
    }
}
