import ArgumentParser
import NarrateCore
import NarrateRendering

/// `--chapters PATH` and `--split`, shared by `convert`, `render` and `resume`.
struct ChapterOptions: ParsableArguments {
    @Option(help: "Also write the chapters (one per heading): .json (Podcasting 2.0 chapters) or .txt (ffmetadata).")
    var chapters: String?

    @Option(
        help:
            "Write numbered files (OUTPUT-01.EXT, ...): 'chapters' (one per heading) or 'minutes:N' (cut between sentences after N minutes)."
    )
    var split: String?

    /// The split rule, if any.
    func splitRule() throws(NarrateError) -> SplitAudioWriter.Rule? {
        try split.map(OutputExtras.splitRule)
    }

    /// The files besides the audio, with `sync`.
    func extras(sync: String?) throws(NarrateError) -> OutputExtras {
        OutputExtras(split: try splitRule(), syncMap: sync, chapters: chapters)
    }

    /// Checks the options against each other and the output.
    func validate(output: String?, sync: String?) throws(NarrateError) {
        try extras(sync: sync).validate(output: output)
    }
}
