public import NarrateCore
import NarrateSystem
import NarrateText

/// The audio of a `SpeechPart` as one process records it for another: each sentence's samples
/// and events as one chunk (the engine's own chunks of a sentence joined: events count their
/// samples from the sentence's start, so nothing else changes), then a mark at its end, so
/// that the reader replays exactly what the engine said. One chunk a sentence rather than
/// one every 100 ms makes the replay, which the narration waits for, that much shorter.
///
/// Records, in the machine's byte order (writer and reader run on one machine):
/// - chunk: tag 1, sample count (UInt32), event count (UInt32), each event as four Int64
///   (kind, text offset, length, sample offset), then the samples (Int16);
/// - sentence end: tag 2;
/// - spoken form, before a sentence's chunk when the helper made it (the part's
///   `normalization`): tag 3, byte count (UInt32), the UTF-8 bytes.
public enum SpeechPartRecording {
    static let chunkTag: UInt8 = 1
    static let sentenceEndTag: UInt8 = 2
    static let spokenTag: UInt8 = 3

    /// Synthesizes every sentence of `part` with `engine` into the file open at `descriptor`.
    /// Throws the engine's error, or `.writeFailed` when the file refuses the audio.
    public static func record(
        _ part: SpeechPart, engine: any SpeechEngine, descriptor: Int32, isCancelled: () -> Bool = { false }
    ) throws {
        try engine.configure(part.voice)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.flushBytes + 65_536)
        func flush() throws(NarrateError) {
            do {
                try SystemCall.writeAll(descriptor, buffer)
            } catch {
                throw .writeFailed(path: "a part of the narration", reason: error.description)
            }
            buffer.removeAll(keepingCapacity: true)
        }
        let resets = Set(part.resets)
        let normalizer = part.normalization?.normalizer
        var samples: [Int16] = []
        var events: [SpeechEvent] = []
        for (index, text) in part.texts.enumerated() {
            if isCancelled() { throw NarrateError.interrupted }
            if resets.contains(index) { try engine.reset() }
            samples.removeAll(keepingCapacity: true)
            events.removeAll(keepingCapacity: true)
            var spoken = text
            if let normalizer {
                spoken = normalizer.spoken(text)
                buffer.append(spokenTag)
                append(UInt32(spoken.utf8.count), to: &buffer)
                buffer.append(contentsOf: spoken.utf8)
            }
            // An empty text is a sentence not read (`ReadingFilter`): nothing is said.
            if !spoken.isEmpty {
                try engine.synthesize(spoken) { chunk in
                    samples.append(contentsOf: chunk.samples)
                    events.append(contentsOf: chunk.events)
                    return !isCancelled()
                }
            }
            buffer.append(chunkTag)
            append(UInt32(samples.count), to: &buffer)
            append(UInt32(events.count), to: &buffer)
            for event in events {
                append(Int64(code(of: event.kind)), to: &buffer)
                append(Int64(event.textOffset), to: &buffer)
                append(Int64(event.length), to: &buffer)
                append(Int64(event.sampleOffset), to: &buffer)
            }
            samples.withUnsafeBytes { buffer.append(contentsOf: $0) }
            buffer.append(sentenceEndTag)
            if buffer.count >= Self.flushBytes { try flush() }
        }
        try flush()
    }

    /// Bytes gathered before each write.
    static let flushBytes = 1 << 18

    private static func append<Value: FixedWidthInteger>(_ value: Value, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: value) { buffer.append(contentsOf: $0) }
    }

    static func code(of kind: SpeechEvent.Kind) -> Int {
        switch kind {
        case .sentence: 0
        case .word: 1
        case .end: 2
        }
    }

    static func kind(of code: Int64) -> SpeechEvent.Kind? {
        switch code {
        case 0: .sentence
        case 1: .word
        case 2: .end
        default: nil
        }
    }
}
