public import NarrateAudio
public import NarrateCore

/// Where a narration's audio goes: one file (or a stream) or a set of numbered files split at
/// chapters or every N minutes. Either way the narrator writes into `sink`, and `commit`
/// finishes everything or nothing.
public final class AudioOutputSet {
    private let single: AudioFileWriter?
    private let split: SplitAudioWriter?
    /// Where the output goes (a split set's parts are numbered after it).
    public let destination: String

    /// Opens the output at `destination` (split by `rule` when given); `chapterStarts` are
    /// the sentences where chapters start.
    public init(
        destination: String, sampleRate: Int, encoding: AudioEncoding, tags: AudioTags, overwrite: Bool,
        split rule: SplitAudioWriter.Rule?, chapterStarts: [Int]
    ) throws(NarrateError) {
        self.destination = destination
        if let rule {
            try encoding.validate()
            split = SplitAudioWriter(
                destination: destination, sampleRate: sampleRate, encoding: encoding, tags: tags, overwrite: overwrite,
                rule: rule, chapterStarts: chapterStarts
            )
            single = nil
        } else {
            single = try AudioFileWriter(
                destination: destination, sampleRate: sampleRate, encoding: encoding, tags: tags, overwrite: overwrite)
            split = nil
        }
    }

    /// The output of one file that `file` writes (its temporary file, tags and encoding chosen).
    public init(file: AudioFileWriter) {
        single = file
        split = nil
        destination = file.destination
    }

    /// The sink the narrator writes into.
    public var sink: any AudioSink { split ?? single! }

    /// Tells a split set that sentence `index` is next.
    public func sentenceStarting(_ index: Int) throws(NarrateError) {
        try split?.sentenceStarting(index)
    }

    /// Finishes the output (a single WAV file gets `markers` as cue points); the paths
    /// written, in order.
    public func commit(markers: [AudioMarker]) throws(NarrateError) -> [String] {
        if let split { return try split.commit() }
        single!.markers = markers
        try single!.commit()
        return [single!.destination]
    }

    /// Removes what was written.
    public func discard() {
        single?.discard()
        split?.discard()
    }
}
