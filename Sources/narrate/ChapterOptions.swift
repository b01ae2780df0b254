import ArgumentParser
import NarrateCore
import Narration

/// `--chapters PATH` and `--split`, shared by `convert`, `render` and `resume`.
struct ChapterOptions: ParsableArguments {
    @Option(help: "Also write the chapters (one per heading): .json (Podcasting 2.0 chapters) or .txt (ffmetadata).")
    var chapters: String?

    @Option(help: "Write numbered files (OUTPUT-01.EXT, ...): 'chapters' (one per heading) or 'minutes:N' (cut between sentences after N minutes).")
    var split: String?

    /// The split rule, if any.
    func splitRule() throws(NarrateError) -> SplitAudioWriter.Rule? {
        guard let split else { return nil }
        guard let rule = SplitAudioWriter.Rule(split) else {
            throw .invalidOption(name: "--split", message: "--split \(split): give 'chapters' or 'minutes:N' (such as minutes:30)")
        }
        return rule
    }

    /// Checks the options against each other and the output.
    func validate(output: String?, sync: String?) throws(NarrateError) {
        if let chapters, ChapterList.Format(path: chapters) == nil {
            throw .invalidOption(name: "--chapters", message: "--chapters \(chapters): give a .json (Podcasting 2.0) or .txt (ffmetadata) file")
        }
        guard split != nil else { return }
        _ = try splitRule()
        if output == nil || output == "-" || (try? OutputTarget.resolve(output!))?.isStream == true {
            throw .invalidOption(name: "--split", message: "--split writes numbered files named after -o; give -o a file name")
        }
        if sync != nil || chapters != nil {
            throw .invalidOption(
                name: "--split", message: "--split writes one file per part; --sync and --chapters describe one file, so use them without --split"
            )
        }
    }
}
