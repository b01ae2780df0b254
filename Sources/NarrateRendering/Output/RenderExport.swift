public import NarrateAudio
public import NarrateCore

/// Writes sentences of an existing render, from one sentence to the end, into a new file in
/// any encoding, whole or split into numbered parts: `narrate resume` (the rest of an
/// article from the saved position) and `render --split` (parts cut from the render).
///
/// The render's PCM is read once, sentence by sentence (each with the pause after it), so
/// split points fall between sentences exactly as in a live narration.
public struct RenderExport {
    /// The render's file.
    public var path: String
    /// Where each sentence starts and ends in it, pauses included, without gaps.
    public var sentenceSamples: [Range<Int64>]
    /// The render's chapters.
    public var chapters: ChapterList

    /// Creates an export of the render at `path`.
    public init(path: String, sentenceSamples: [Range<Int64>], chapters: ChapterList) {
        self.path = path
        self.sentenceSamples = sentenceSamples
        self.chapters = chapters
    }

    /// What was written.
    public struct Result: Sendable {
        /// The files, in order (one unless split).
        public var paths: [String]
        /// Seconds of audio written.
        public var duration: Double
        /// The chapters of what was written, from 0.
        public var chapters: ChapterList
    }

    /// Writes sentences `first...` to `output`, split by `split` when given.
    public func write(
        fromSentence first: Int, to output: String, encoding: AudioEncoding, tags: AudioTags, split: SplitAudioWriter.Rule?,
        overwrite: Bool, isCancelled: () -> Bool
    ) throws(NarrateError) -> Result {
        let reader = try AudioFileReader(path: path)
        let start = sentenceSamples[first].lowerBound
        let chapters = chapters.starting(at: start)
        try reader.seek(to: Int(start))
        let set = try AudioOutputSet(
            destination: output, sampleRate: reader.sampleRate, encoding: encoding, tags: tags, overwrite: overwrite,
            split: split, chapterStarts: chapters.chapters.map(\.sentenceIndex)
        )
        var buffer: [Int16] = []
        for index in first..<sentenceSamples.count {
            do {
                try set.sentenceStarting(index)
                var remaining = Int(sentenceSamples[index].count)
                while remaining > 0 {
                    if isCancelled() {
                        set.discard()
                        throw NarrateError.interrupted
                    }
                    reader.read(min(remaining, 65_536), into: &buffer)
                    if buffer.isEmpty { break }
                    try buffer.withUnsafeBufferPointer { try set.sink.write($0) }
                    remaining -= buffer.count
                }
            } catch let error as NarrateError {
                set.discard()
                throw error
            } catch {
                set.discard()
                throw .writeFailed(path: output, reason: "\(error)")
            }
        }
        let paths = try set.commit(markers: chapters.markers)
        let duration = Double(sentenceSamples[sentenceSamples.count - 1].upperBound - start) / Double(reader.sampleRate)
        return Result(paths: paths, duration: duration, chapters: chapters)
    }
}
