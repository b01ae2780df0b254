import ArgumentParser
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarratePiper
import NarrateQueue
import NarrateSystem
import NarrateTerminal

/// `narrate batch`: narrates many articles in parallel worker processes through a durable
/// queue in the library, so an interrupted batch goes on with `narrate jobs run`.
struct BatchCommand: AsyncParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Narrate many articles in parallel: ids, files or folders (added to the library first), a tag or all."
    )

    @Argument(help: "Article ids, and files, folders or URLs to add to the library first.")
    var inputs: [String] = []

    @Flag(help: "Every article in the library.")
    var all = false

    @Option(help: "Articles with this tag.")
    var tag: String?

    @Flag(help: "Only articles without an intact render yet.")
    var unrendered = false

    @Option(help: "Worker processes at once (default: the number of cores).")
    var jobs: Int?

    @OptionGroup var voiceOptions: VoiceOptions

    @OptionGroup var encodingOptions: EncodingOptions

    @Option(help: "Where the audio files go (default: the current folder).")
    var outputDir = "."

    @Option(help: "File name template: {slug} (from the title), {id}, {lang}.")
    var nameTemplate = "{slug}-{id}"

    @Flag(help: "Render again even when an intact render with the same settings is there.")
    var force = false

    @Flag(help: "Print one JSON event per line on standard output instead of progress and a summary.")
    var json = false

    @Flag(help: "No progress output.")
    var quiet = false

    @OptionGroup var queueOptions: QueueOptions

    @Flag(help: "With --queue: return once the jobs are queued, without waiting for the workers.")
    var detach = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if articles.isEmpty { throw ValidationError("say which articles: ids, files or folders, --all, --tag T or --unrendered") }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
        if queueOptions.url != nil, jobs != nil {
            throw ValidationError(
                "--jobs starts workers for the library's own queue; with a shared queue, run 'narrate worker --queue URL --jobs N' on each machine"
            )
        }
        if queueOptions.url == nil, detach { throw ValidationError("--detach is for a shared queue (--queue URL)") }
        do throws(NarrateError) {
            _ = try encodingOptions.encoding(output: nil)
        } catch {
            throw ValidationError(ErrorReporter.message(for: error))
        }
    }

    private var articles: BatchSubmission.Articles { .init(inputs: inputs, all: all, tag: tag, unrendered: unrendered) }

    func run() async throws {
        // A bad template is refused before anything is added to the library.
        let submission = try BatchSubmission(
            voice: voiceOptions.request, encoding: encodingOptions.encoding(output: nil), album: encodingOptions.album,
            outputDirectory: outputDir, nameTemplate: nameTemplate, force: force
        )
        let library = try libraryOptions.open()
        try await queueOptions.using { queue in try await run(submission, library: library, queue: queue) }
    }

    /// The batch, on `queue` or (nil) the library's own.
    private func run(_ submission: BatchSubmission, library: ArticleLibrary, queue: (any SharedJobQueue)?) async throws {
        let progress = BatchProgress(json: json, quiet: quiet, sharedQueue: queue?.displayAddress)
        // Before the voices load: a Ctrl-C then stops the batch.
        await MainActor.run { Interruption.countStopRequests() }
        let engine = try VoiceEngines.shared()
        let narrated: (queued: BatchSubmission.Result, summary: BatchCoordinator.Summary)
        do {
            let place: BatchNarration.Queue =
                if let queue {
                    .shared(queue, observer: progress, follow: !detach)
                } else {
                    .library(progress.coordinator(library: library, workers: jobs))
                }
            narrated = try await BatchNarration.run(
                articles, with: submission, on: place, library: library, engine: engine, presets: NarrateEnvironment.presets(),
                environment: NarrateEnvironment.variables(), stopRequests: Interruption.stopRequests, report: progress.submitted
            )
        } catch {
            guard case .interrupted = error else { throw error }
            // Stopped while adding and queueing: what is in the library stays there.
            ErrorReporter.printError(
                queue == nil
                    ? "interrupted before the batch ran; articles added and jobs queued stay ('narrate jobs run' runs them)"
                    : "interrupted while queueing; the articles added and the jobs queued stay (the workers take them)"
            )
            throw CommandExit.interrupted
        }
        progress.report(narrated.summary, upToDate: narrated.queued.upToDate, json: json)
        if Interruption.stopRequests() > 0 { throw CommandExit.interrupted }
        if !narrated.summary.failed.isEmpty || narrated.queued.refused > 0 { throw CommandExit.partlyFailed }
    }
}
