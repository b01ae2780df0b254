import ArgumentParser
import Foundation
import NarrateCore
import NarrateFetch
import NarrateImport
import NarrateIngest
import NarrateLibrary
import NarrateListening
import NarrateRendering
import NarrateSpeech
import NarrateSystem
import NarrateTerminal

/// `narrate import FILE`: the links of a read-later service's or a browser's export.
struct ImportCommand: ParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an export of Pocket, Instapaper, Wallabag or Omnivore, browser bookmarks or a list of URLs.",
        discussion: "Run it again to go on after a stop: what is in the library already is skipped without fetching."
    )

    @Argument(help: "The export file (its format is recognised by its content), or the folder of an unpacked Omnivore export.")
    var file: String

    @Option(help: "Tag every imported article gets, besides its own.")
    var tag: [String] = []

    @OptionGroup var fetchOptions: FetchOptions

    @Flag(help: "Print one JSON event per line on standard output instead of progress and a summary.")
    var json = false

    @Flag(help: "No progress output.")
    var quiet = false

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        let (format, links) = try ExportReader.read(path: file, isCancelled: { Interruption.isRequested })
        let library = try libraryOptions.open()
        let progress = ImportProgress(json: json, quiet: quiet)
        progress.note("\(file): \(format.rawValue), \(links.count) link\(links.count == 1 ? "" : "s")")
        let detector = SpeechLanguage.detector(engine: try? ESpeakEngine.shared(), environment: NarrateEnvironment.variables())
        let importer = LinkImport(
            library: library, fetcher: fetchOptions.fetcher, detector: detector, jobs: fetchOptions.jobs, tags: tag)
        let report = try importer.run(links, isCancelled: { Interruption.isRequested }, report: progress.event)
        progress.finish(report)
        if Interruption.isRequested { throw CommandExit.interrupted }
        // Links that failed in a way that may pass: run it again (75, as a batch's failures).
        if report.problems.contains(where: { $0.outcome == .failed }) { throw CommandExit.partlyFailed }
    }
}
