import Foundation
public import NarrateCore
public import NarrateLibrary
import NarrateSpread

/// What a render made, as the library records it: the file's format, rate and length, where
/// each sentence and word lies in it. A worker of a shared queue returns it as the job's
/// result (JSON), and the submitting library records the render from it.
public struct RenderedAudio: Sendable, Equatable, Codable {
    /// The audio format (`wav`).
    public var format: String
    /// Samples a second in the file.
    public var sampleRate: Int
    /// Samples in the file.
    public var sampleCount: Int64
    /// Each sentence's samples, pauses included; contiguous.
    public var sentenceSamples: [Range<Int64>]
    /// Each spoken word's samples.
    public var words: [RenderWord]
    /// Whether the words' timings are the engine's own or estimated.
    public var wordTimings: WordTimings
    /// The voice it was spoken in; nil from a worker from before renders kept it.
    public var voice: String?
    /// The parts read (`ReadingChoices.description`); nil from a worker from before renders kept them.
    public var reading: String?

    public init(
        format: String, sampleRate: Int, sampleCount: Int64, sentenceSamples: [Range<Int64>], words: [RenderWord],
        wordTimings: WordTimings = .exact, voice: String? = nil, reading: String? = nil
    ) {
        self.reading = reading
        self.wordTimings = wordTimings
        self.voice = voice
        self.format = format
        self.sampleRate = sampleRate
        self.sampleCount = sampleCount
        self.sentenceSamples = sentenceSamples
        self.words = words
    }

    /// The audio's length in seconds.
    public var durationSeconds: Double { sampleRate > 0 ? Double(sampleCount) / Double(sampleRate) : 0 }

    // As JSON (a shared queue's job result), the timings are packed: each value as its
    // difference from the one before it that it follows (a sentence's end from its start, a
    // word's start from the previous word's end), zigzag-encoded in LEB128 varints, in base64.
    // A long article's 6,000 words as JSON objects were 420 KB, that took the worker and the
    // submitter 40 ms each to write and read; as fixed 64-bit integers 325 KB, which
    // PostgreSQL compressed, wrote and read back for 3 ms of its CPU a job; packed so, 54 KB.
    private enum CodingKeys: String, CodingKey {
        case format, sampleRate, sampleCount, sentences, words, wordTimings, voice, reading
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        sampleRate = try container.decode(Int.self, forKey: .sampleRate)
        sampleCount = try container.decode(Int64.self, forKey: .sampleCount)
        // A worker from before estimates existed timed every word exactly.
        wordTimings = try container.decodeIfPresent(WordTimings.self, forKey: .wordTimings) ?? .exact
        voice = try container.decodeIfPresent(String.self, forKey: .voice)
        reading = try container.decodeIfPresent(String.self, forKey: .reading)
        func corrupt(_ what: String) -> DecodingError {
            DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: what))
        }
        var sentenceReader = PackedIntegers.Reader(try container.decode(Data.self, forKey: .sentences))
        var sentences: [Range<Int64>] = []
        var end: Int64 = 0
        while !sentenceReader.isAtEnd {
            guard let start = sentenceReader.next(after: end), let sentenceEnd = sentenceReader.next(after: start) else {
                throw corrupt("sentence timings cut short")
            }
            guard start <= sentenceEnd else { throw corrupt("timings that are not ranges") }
            sentences.append(start..<sentenceEnd)
            end = sentenceEnd
        }
        var wordReader = PackedIntegers.Reader(try container.decode(Data.self, forKey: .words))
        var words: [RenderWord] = []
        var previous = RenderWord(sentence: 0, textRange: 0..<0, samples: 0..<0)
        while !wordReader.isAtEnd {
            guard let sentence = wordReader.next(after: Int64(previous.sentence)),
                let textStart = wordReader.next(after: Int64(previous.textRange.upperBound)),
                let textEnd = wordReader.next(after: textStart),
                let start = wordReader.next(after: previous.samples.upperBound),
                let wordEnd = wordReader.next(after: start)
            else { throw corrupt("word timings cut short") }
            guard textStart <= textEnd, start <= wordEnd, let sentence = Int(exactly: sentence),
                let textStart = Int(exactly: textStart), let textEnd = Int(exactly: textEnd)
            else { throw corrupt("timings that are not ranges") }
            previous = RenderWord(sentence: sentence, textRange: textStart..<textEnd, samples: start..<wordEnd)
            words.append(previous)
        }
        sentenceSamples = sentences
        self.words = words
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(sampleRate, forKey: .sampleRate)
        try container.encode(sampleCount, forKey: .sampleCount)
        if wordTimings != .exact { try container.encode(wordTimings, forKey: .wordTimings) }
        try container.encodeIfPresent(voice, forKey: .voice)
        try container.encodeIfPresent(reading, forKey: .reading)
        var sentences = PackedIntegers()
        var end: Int64 = 0
        for range in sentenceSamples {
            sentences.append(range.lowerBound, after: end)
            sentences.append(range.upperBound, after: range.lowerBound)
            end = range.upperBound
        }
        try container.encode(sentences.data, forKey: .sentences)
        var packedWords = PackedIntegers()
        var previous = RenderWord(sentence: 0, textRange: 0..<0, samples: 0..<0)
        for word in words {
            packedWords.append(Int64(word.sentence), after: Int64(previous.sentence))
            packedWords.append(Int64(word.textRange.lowerBound), after: Int64(previous.textRange.upperBound))
            packedWords.append(Int64(word.textRange.upperBound), after: Int64(word.textRange.lowerBound))
            packedWords.append(word.samples.lowerBound, after: previous.samples.upperBound)
            packedWords.append(word.samples.upperBound, after: word.samples.lowerBound)
            previous = word
        }
        try container.encode(packedWords.data, forKey: .words)
    }
}
