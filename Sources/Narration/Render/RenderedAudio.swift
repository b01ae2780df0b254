public import NarrateLibrary
import Foundation

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

    public init(format: String, sampleRate: Int, sampleCount: Int64, sentenceSamples: [Range<Int64>], words: [RenderWord]) {
        self.format = format
        self.sampleRate = sampleRate
        self.sampleCount = sampleCount
        self.sentenceSamples = sentenceSamples
        self.words = words
    }

    /// The audio's length in seconds.
    public var durationSeconds: Double { sampleRate > 0 ? Double(sampleCount) / Double(sampleRate) : 0 }

    // As JSON (a shared queue's job result), the timings are packed: little-endian 64-bit
    // integers, two a sentence and five a word, in base64. A long article's 6,000 words as
    // JSON objects were 420 KB that took the worker and the submitter 40 ms each to write
    // and read; packed they are a fifth of that and cost next to nothing.
    private enum CodingKeys: String, CodingKey {
        case format, sampleRate, sampleCount, sentences, words
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        sampleRate = try container.decode(Int.self, forKey: .sampleRate)
        sampleCount = try container.decode(Int64.self, forKey: .sampleCount)
        let sentences = Self.unpack(try container.decode(Data.self, forKey: .sentences))
        let words = Self.unpack(try container.decode(Data.self, forKey: .words))
        var ordered = sentences.count % 2 == 0 && words.count % 5 == 0
        for index in stride(from: 0, to: ordered ? sentences.count : 0, by: 2) where sentences[index] > sentences[index + 1] {
            ordered = false
        }
        for index in stride(from: 0, to: ordered ? words.count : 0, by: 5)
        where words[index + 1] > words[index + 2] || words[index + 3] > words[index + 4] {
            ordered = false
        }
        guard ordered else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "timings that are not ranges"))
        }
        sentenceSamples = stride(from: 0, to: sentences.count, by: 2).map { sentences[$0]..<sentences[$0 + 1] }
        self.words = stride(from: 0, to: words.count, by: 5).map { index in
            RenderWord(
                sentence: Int(words[index]), textRange: Int(words[index + 1])..<Int(words[index + 2]),
                samples: words[index + 3]..<words[index + 4]
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(sampleRate, forKey: .sampleRate)
        try container.encode(sampleCount, forKey: .sampleCount)
        try container.encode(Self.pack(sentenceSamples.flatMap { [$0.lowerBound, $0.upperBound] }), forKey: .sentences)
        var packedWords: [Int64] = []
        packedWords.reserveCapacity(words.count * 5)
        for word in words {
            packedWords.append(Int64(word.sentence))
            packedWords.append(Int64(word.textRange.lowerBound))
            packedWords.append(Int64(word.textRange.upperBound))
            packedWords.append(word.samples.lowerBound)
            packedWords.append(word.samples.upperBound)
        }
        try container.encode(Self.pack(packedWords), forKey: .words)
    }

    private static func pack(_ values: [Int64]) -> Data {
        var data = Data(capacity: values.count * 8)
        for value in values {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    private static func unpack(_ data: Data) -> [Int64] {
        let count = data.count / 8
        return data.withUnsafeBytes { bytes in
            (0..<count).map { index in Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: Int64.self)) }
        }
    }
}
