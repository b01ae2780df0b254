public import NarrateCore
import NarrateSystem

/// Replays a recorded `SpeechPart` (`SpeechPartRecording`) sentence by sentence, as the
/// engine would hand the chunks over, reading the file in blocks so memory stays flat.
public final class SpeechPartReader {
    private let descriptor: Int32
    private let closesDescriptor: Bool
    private var offset: off_t = 0
    private var buffer: [UInt8] = []
    private var position = 0
    private var end = 0
    private var samples: [Int16] = []

    /// Reads the recording in the file open at `descriptor`, from its start, with `pread`
    /// (the writer's offset is left alone); `closesDescriptor` closes it when the reader goes.
    public init(descriptor: Int32, closesDescriptor: Bool) {
        self.descriptor = descriptor
        self.closesDescriptor = closesDescriptor
    }

    deinit {
        if closesDescriptor { try? SystemCall.close(descriptor) }
    }

    /// Hands the next sentence's chunks to `receive`, which returns false to stop early, and
    /// returns the sentence's spoken form when the recording has it. Throws `.engine` when the
    /// recording ends or is damaged before the sentence does.
    @discardableResult
    public func replaySentence(_ receive: (SpeechChunk) throws -> Bool) throws -> String? {
        var receiving = true
        var spoken: String?
        while true {
            let tag = try bytes(1).first!
            if tag == SpeechPartRecording.sentenceEndTag { return spoken }
            if tag == SpeechPartRecording.spokenTag {
                let count = Int(try integer(UInt32.self))
                spoken = String(decoding: try bytes(count), as: UTF8.self)
                continue
            }
            guard tag == SpeechPartRecording.chunkTag else { throw Self.damaged }
            let sampleCount = Int(try integer(UInt32.self))
            let eventCount = Int(try integer(UInt32.self))
            var events: [SpeechEvent] = []
            events.reserveCapacity(eventCount)
            for _ in 0..<eventCount {
                guard let kind = SpeechPartRecording.kind(of: try integer(Int64.self)) else { throw Self.damaged }
                let textOffset = Int(try integer(Int64.self))
                let length = Int(try integer(Int64.self))
                let sampleOffset = Int(try integer(Int64.self))
                events.append(SpeechEvent(kind: kind, textOffset: textOffset, length: length, sampleOffset: sampleOffset))
            }
            let raw = try bytes(sampleCount * 2)
            if samples.count < sampleCount { samples = [Int16](repeating: 0, count: sampleCount) }
            samples.withUnsafeMutableBytes { target in
                raw.withUnsafeBytes { target.copyMemory(from: $0) }
            }
            if receiving {
                receiving = try samples.withUnsafeBufferPointer { all in
                    try receive(SpeechChunk(samples: UnsafeBufferPointer(rebasing: all[..<sampleCount]), events: events))
                }
            }
        }
    }

    private static let damaged = NarrateError.engine(code: -1, message: "a part of the narration made in another process is incomplete")

    private func integer<Value: FixedWidthInteger>(_ type: Value.Type) throws -> Value {
        let raw = try bytes(MemoryLayout<Value>.size)
        return raw.withUnsafeBytes { $0.loadUnaligned(as: Value.self) }
    }

    /// The next `count` bytes of the file. The unread bytes are `buffer[position..<end]`; the
    /// storage is refilled a block at a time, moved and grown in bulk (an element-wise append
    /// of a block took three quarters of a spread narration's time in a debug build).
    private func bytes(_ count: Int) throws -> ArraySlice<UInt8> {
        if end - position < count {
            let unread = end - position
            if position > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    guard let base = raw.baseAddress, unread > 0 else { return }
                    base.copyMemory(from: base + position, byteCount: unread)
                }
                position = 0
                end = unread
            }
            let wanted = max(count, 1 << 18)
            if buffer.count < wanted { buffer += [UInt8](repeating: 0, count: wanted - buffer.count) }
            while end < buffer.count {
                let start = end
                let got = buffer.withUnsafeMutableBytes {
                    try? SystemCall.pread(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[start...]), at: Int64(offset))
                }
                guard let got, got > 0 else { break }
                end += got
                offset += off_t(got)
            }
            guard end - position >= count else { throw Self.damaged }
        }
        defer { position += count }
        return buffer[position..<(position + count)]
    }
}
