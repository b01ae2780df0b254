import Foundation
import NarrateTestSupport
import Testing

/// Stopping `narrate convert` part way: exit 130, one line on stderr, nothing left behind.
@Suite("narrate convert interrupted", .endToEnd)
struct InterruptionTests {
    /// Starts narrate with `arguments`; standard input is `input` when given.
    func start(_ arguments: [String], input: Pipe? = nil) async throws -> (process: Process, standardError: Pipe) {
        let error = Pipe()
        return (try await NarrateBinary.start(arguments, standardInput: input, standardError: error), error)
    }

    /// Whether `process` exits within `seconds`.
    func waitForExit(_ process: Process, upTo seconds: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline {
            await pause(0.02)
        }
        return !process.isRunning
    }

    /// SIGTERM (what `kill` and service managers send) and SIGHUP (the terminal closed, an
    /// SSH session dropped) are handled like Ctrl-C.
    @Test(arguments: [SIGTERM, SIGHUP])
    func terminationOrHangUpMidSynthesisIs130AndLeavesNothing(_ signal: Int32) async throws {
        let scratch = try ScratchDirectory()
        let long = try String(contentsOfFile: NarrateBinary.sample("en-long.txt"), encoding: .utf8)
        let input = try scratch.write("long.txt", text: String(repeating: long + "\n\n", count: 5))
        let (process, error) = try await start(["convert", input, "-o", "\(scratch.path)/out.wav"])
        // Wait until the temporary file exists, so the signal lands mid-synthesis.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning, try !scratch.entries().contains(where: { $0.hasSuffix(".tmp") }) {
            await pause(0.02)
        }
        #expect(process.isRunning, "narrate finished before it could be stopped; make the input longer")
        kill(process.processIdentifier, signal)
        await process.exited()
        let message = await error.remainingText()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130, "\(message)")
        #expect(message == "narrate: interrupted; no output was written\n")
        #expect(try scratch.entries() == ["long.txt"])
    }

    /// Ctrl-C while narrate waits for standard input (`narrate convert - -o x.wav` typed at a
    /// terminal) should stop it at once, not after the user also sends end-of-file.
    @Test func interruptWhileWaitingForStandardInputIs130() async throws {
        let scratch = try ScratchDirectory()
        let input = Pipe()
        let (process, error) = try await start(["convert", "-", "-o", "\(scratch.path)/out.wav"], input: input)
        await NarrateBinary.waitUntilCatching(SIGINT, process)
        await pause(0.3) // long enough to be blocked reading standard input
        process.interrupt()
        let stoppedPromptly = await waitForExit(process, upTo: 10)
        if !stoppedPromptly {
            // End of input lets narrate go on; a deferred interrupt should still end it as interrupted.
            try input.fileHandleForWriting.close()
            await process.exited()
        }
        let message = await error.remainingText()
        let status = process.terminationStatus
        #expect(stoppedPromptly, "still running 10 s after SIGINT")
        #expect(status == 130, "\(message)")
        #expect(message == "narrate: interrupted; no output was written\n")
        #expect(try scratch.entries().isEmpty)
    }
}
