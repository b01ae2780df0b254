import ArgumentParser
import Foundation
import NarrateRendering
import NarrateSpread

/// `--jobs N`: how many processes synthesize one long article at once.
struct SynthesisOptions: ParsableArguments {
    @Option(
        help:
            "Processes that synthesize one long article at once (default: one per core; short articles, and Piper voices, which use every core themselves, use one)."
    )
    var jobs: Int?

    func validate() throws {
        if let jobs, !(1...64).contains(jobs) {
            throw ValidationError("--jobs must be 1 to 64: got \(jobs)")
        }
    }

    /// The spread over helper processes, nil for one process.
    var spread: SynthesisSpread? {
        Self.spread(jobs: jobs)
    }

    /// A spread over `jobs` processes (nil: one per core), nil for one process.
    static func spread(jobs: Int?) -> SynthesisSpread? {
        let count = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        guard count > 1, let helpers = ProcessSpeechParts.current() else { return nil }
        return SynthesisSpread(jobs: count, helpers: helpers)
    }
}
