import ArgumentParser
import Foundation
import NarrateCore
import NarrateLibrary
import NarrateQueue

/// `--queue URL`: the shared batch queue on PostgreSQL (default: `$NARRATE_QUEUE`); without
/// one, batches use the library's own queue.
struct QueueOptions: ParsableArguments {
    @Option(
        help:
            "A shared queue on PostgreSQL (postgresql://USER@HOST/DB; default: $NARRATE_QUEUE; '' for the library's own), for workers on many machines."
    )
    var queue: String?

    /// The queue's address as given, or from the environment; nil: the library's queue (also
    /// for `--queue ''`, which overrides `NARRATE_QUEUE`).
    var url: String? {
        if let queue { return queue.isEmpty ? nil : queue }
        return Self.fromEnvironment
    }

    /// `NARRATE_QUEUE`, when set and not empty.
    static var fromEnvironment: String? {
        let url = NarrateEnvironment.variables()["NARRATE_QUEUE"]
        return url?.isEmpty == false ? url : nil
    }

    /// Connects to the shared queue, when one is named (its schema made or upgraded).
    func open() async throws(NarrateError) -> (any SharedJobQueue)? {
        guard let url else { return nil }
        // PostgreSQL's own variables too (PGUSER, PGPASSWORD, PGPASSFILE, PGSSLMODE, ...).
        return try await SharedQueueConnector.connect(url: url, environment: ProcessInfo.processInfo.environment)
    }

    /// Runs `body` with the shared queue, when one is named (nil: the library's own), and
    /// closes its connections after, also when `body` throws.
    func using<Result>(_ body: ((any SharedJobQueue)?) async throws -> Result) async throws -> Result {
        let queue = try await open()
        do {
            let result = try await body(queue)
            await queue?.close()
            return result
        } catch {
            await queue?.close()
            throw error
        }
    }
}
