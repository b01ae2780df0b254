import Foundation
import NarrateTestSupport
import Testing

/// The built `narrate` executable, run as a user would run it.
struct NarrateBinary {
    /// The package's root directory.
    static let packageRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }()

    /// `$NARRATE_BINARY`, or `.build/debug/narrate` (which `swift test` builds first).
    static let path: String = {
        if let path = ProcessInfo.processInfo.environment["NARRATE_BINARY"], !path.isEmpty { return path }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("narrate").path,
            "\(packageRoot)/.build/debug/narrate",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
    }()

    /// What a run produced.
    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String

        /// Standard error's non-empty lines.
        var errorLines: [String] {
            standardError.split(separator: "\n").map(String.init)
        }
    }

    /// Runs `executable` (default: narrate) with `arguments`, optionally feeding `input`;
    /// `environment` is added to (and overrides) the test's own environment. Its pipes are
    /// read, and its end awaited, on threads of their own.
    static func run(
        _ arguments: [String], executable: String = NarrateBinary.path, input: Data? = nil,
        directory: String? = nil, environment: [String: String] = [:]
    ) async throws -> Outcome {
        let output = Pipe()
        let error = Pipe()
        let inputPipe = Pipe()
        let process = try await start(
            arguments, executable: executable, directory: directory, environment: environment,
            standardInput: input == nil ? nil : inputPipe, standardOutput: output, standardError: error
        )
        // Both pipes are read at once: a child that fills one pipe's buffer while the other
        // is being read to its end would otherwise wait forever.
        async let outputData = onOwnThread { output.fileHandleForReading.readDataToEndOfFile() }
        async let errorData = onOwnThread { error.fileHandleForReading.readDataToEndOfFile() }
        if let input {
            try await onOwnThread {
                inputPipe.fileHandleForWriting.write(input)
                try inputPipe.fileHandleForWriting.close()
            }
        }
        let status = await process.exited()
        let outcome = Outcome(
            status: status,
            standardOutput: String(decoding: try await outputData, as: UTF8.self),
            standardError: String(decoding: try await errorData, as: UTF8.self)
        )
        // Closed now rather than whenever the pipes are freed: a full run held a read end of
        // every run's pipes, some 500, on the way to the thousand descriptors at which
        // Foundation's Process.run crashes (see DescriptorGate).
        for handle in [
            output.fileHandleForReading, error.fileHandleForReading, inputPipe.fileHandleForReading, inputPipe.fileHandleForWriting,
        ] {
            try? handle.close()
        }
        return outcome
    }

    /// Runs `executable` as `run` does but holding the calling thread: only for a trait's
    /// condition or a suite's static value (is a Python module there, may a user run this),
    /// computed once where nothing can be awaited and before the tests run.
    static func runSynchronously(_ arguments: [String], executable: String) throws -> Outcome {
        let output = Pipe()
        let error = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try DescriptorGate.launch(process)
        // Both pipes at once: a child that fills one while the other is read would wait forever.
        let errorRead = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var errorData = Data()
        Thread.detachNewThread {
            errorData = error.fileHandleForReading.readDataToEndOfFile()
            errorRead.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }

    /// Starts narrate in the background (for tests that signal it or watch it while it runs):
    /// standard input, output and error are the handles given (the null device by default);
    /// `environment` is added to the test's own.
    static func start(
        _ arguments: [String], executable: String = NarrateBinary.path, directory: String? = nil, environment: [String: String] = [:],
        standardInput: Any? = nil, standardOutput: Any? = nil, standardError: Any? = nil
    ) async throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = standardInput ?? FileHandle.nullDevice
        process.standardOutput = standardOutput ?? FileHandle.nullDevice
        process.standardError = standardError ?? FileHandle.nullDevice
        try await DescriptorGate.launch(process)
        return process
    }

    /// Waits until `process` has its handler for `signal` installed (Linux: SigCgt in
    /// /proc/PID/status), so a signal sent next is caught rather than killing it.
    static func waitUntilCatching(_ signal: Int32, _ process: Process, sourceLocation: SourceLocation = #_sourceLocation) async {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
                let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
                mask & (1 << UInt64(signal - 1)) != 0
            {
                return
            }
            await pause(0.01)
        }
        Issue.record("narrate never installed its handler for signal \(signal)", sourceLocation: sourceLocation)
    }

    /// Whether the main thread of process `pid` blocks `signal` (Linux: SigBlk in
    /// /proc/PID/task/PID/status). A signal mask is a thread's: one a handler was installed for
    /// on another thread may never be delivered once that thread is gone.
    static func mainThreadBlocks(_ signal: Int32, pid: Int32) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
            let mask = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// The path of a shipped sample.
    static func sample(_ name: String) -> String {
        "\(packageRoot)/samples/\(name)"
    }
}
