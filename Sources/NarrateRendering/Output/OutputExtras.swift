public import NarrateCore

/// What a render or export writes besides its audio, checked before any synthesis: numbered
/// parts (`split`) instead of one file, a sync map and a chapters file beside it.
public struct OutputExtras: Sendable, Equatable {
    /// Numbered parts instead of one file.
    public var split: SplitAudioWriter.Rule?
    /// Where to write the sync map (.json, .vtt or .srt), if anywhere.
    public var syncMap: String?
    /// Where to write the chapters (.json or .txt), if anywhere.
    public var chapters: String?

    public init(split: SplitAudioWriter.Rule? = nil, syncMap: String? = nil, chapters: String? = nil) {
        self.split = split
        self.syncMap = syncMap
        self.chapters = chapters
    }

    /// The rule a split is asked for with ("chapters" or "minutes:N").
    public static func splitRule(_ text: String) throws(NarrateError) -> SplitAudioWriter.Rule {
        guard let rule = SplitAudioWriter.Rule(text) else {
            throw .invalidOption(name: "split", message: "split \(text): give 'chapters' or 'minutes:N' (such as minutes:30)")
        }
        return rule
    }

    /// Checks the files' kinds and the choices against each other and `output` (nil: the
    /// library's own folder): parts need an output file to be named after, and a sync map
    /// or chapters describe one file, not a set.
    public func validate(output: String?) throws(NarrateError) {
        if let chapters, ChapterList.Format(path: chapters) == nil {
            throw .invalidOption(name: "chapters", message: "chapters \(chapters): give a .json (Podcasting 2.0) or .txt (ffmetadata) file")
        }
        if let syncMap, SyncMap.Format(path: syncMap) == nil {
            throw .invalidOption(name: "sync", message: "sync \(syncMap): give a .json, .vtt or .srt file")
        }
        guard split != nil else { return }
        if output == nil || output == "-" || (try? OutputTarget.resolve(output!))?.isStream == true {
            throw NarrateError(OutputError.splitNeedsFileName)
        }
        if syncMap != nil || chapters != nil {
            throw NarrateError(OutputError.splitWithOneFileExtras)
        }
    }
}
