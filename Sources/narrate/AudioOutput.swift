import NarrateAudio
import NarrateCore
import Narration

/// Where a live narration's audio goes: one file (or standard output) or a split set.
final class AudioOutput {
    private let single: AudioFileWriter?
    private let split: SplitAudioWriter?

    /// Opens the output; `chapterStarts` are the sentences where chapters start.
    init(
        destination: String, sampleRate: Int, encoding: AudioEncoding, tags: AudioTags, overwrite: Bool,
        split rule: SplitAudioWriter.Rule?, chapterStarts: [Int]
    ) throws(NarrateError) {
        if let rule {
            try encoding.validate()
            split = SplitAudioWriter(
                destination: destination, sampleRate: sampleRate, encoding: encoding, tags: tags, overwrite: overwrite,
                rule: rule, chapterStarts: chapterStarts
            )
            single = nil
        } else {
            single = try AudioFileWriter(destination: destination, sampleRate: sampleRate, encoding: encoding, tags: tags, overwrite: overwrite)
            split = nil
        }
    }

    /// The sink the narrator writes into.
    var sink: any AudioSink { split ?? single! }

    /// Tells a split set that sentence `index` is next.
    func sentenceStarting(_ index: Int) throws(NarrateError) {
        try split?.sentenceStarting(index)
    }

    /// Finishes the output (a single WAV file gets `markers` as cue points); the paths
    /// written, in order.
    func commit(markers: [AudioMarker]) throws(NarrateError) -> [String] {
        if let split { return try split.commit() }
        single!.markers = markers
        try single!.commit()
        return [single!.destination]
    }

    /// Removes what was written.
    func discard() {
        single?.discard()
        split?.discard()
    }

    /// "a.mp3" or "a-01.mp3 … a-12.mp3 (12 files)"; standard output is "standard output".
    static func describe(_ paths: [String]) -> String {
        guard let first = paths.first else { return "" }
        if paths.count == 1 { return first == AudioFileWriter.standardOutput ? "standard output" : first }
        return "\(first) … \(paths[paths.count - 1]) (\(paths.count) files)"
    }

    /// Prints a command's closing line on standard output, or on standard error when the
    /// audio itself went to standard output.
    static func report(_ line: String, toStandardOutput: Bool) {
        if toStandardOutput {
            print(line)
        } else {
            ErrorReporter.printNote(line)
        }
    }
}
