import ArgumentParser
import NarrateBatch
import NarrateLibrary
import NarrateQueue
import NarrateSpread
import Testing

@testable import NarrateCommandLine

/// The command lines narrate starts its own processes with are read back by the commands as
/// the same invocations: the launchers and the commands share one description of each.
@Suite("Worker and helper command lines, both ways")
struct ProcessInvocationTests {
    static let invocations: [WorkerInvocation] = [
        WorkerInvocation(name: "batch-1", coordinator: 4242, queue: .library(path: "/tmp/a library/library.sqlite")),
        WorkerInvocation(
            name: "listening", coordinator: 7, queue: .library(path: "/srv/narrate.sqlite"), minimumPriority: .listening,
            lingerSeconds: 600, preloadsVoice: true
        ),
        WorkerInvocation(name: "host/123-4", coordinator: 99, queue: .shared(outputRoot: "/mnt/shared audio", untilEmpty: true)),
        WorkerInvocation(name: "host/123-5", coordinator: 99, queue: .shared(outputRoot: ".", untilEmpty: false)),
    ]

    @Test(arguments: invocations)
    func theWorkerCommandReadsBackWhatTheLauncherWrote(_ invocation: WorkerInvocation) throws {
        let arguments = invocation.arguments
        #expect(arguments.first == "worker")
        // A shared queue's address reaches the worker in NARRATE_QUEUE, as `--queue` would.
        let queue = if case .shared = invocation.queue { ["--queue", "postgresql://narrate@db.example/narrate"] } else { [String]() }
        let command = try WorkerCommand.parse(Array(arguments.dropFirst()) + queue)
        #expect(command.invocation == invocation)
    }

    @Test func aWorkerAPersonStartsIsNoInvocation() throws {
        #expect(try WorkerCommand.parse(["--queue", "postgresql://u@h/db", "--jobs", "2"]).invocation == nil)
    }

    @Test func theSpeakPartCommandReadsBackItsParent() throws {
        let invocation = SpeechPartInvocation(parent: 31337)
        #expect(invocation.arguments.first == "speak-part")
        #expect(try SpeakPartCommand.parse(Array(invocation.arguments.dropFirst())).invocation == invocation)
    }
}
