import Foundation

/// A WAV file that another process is still writing (a render in progress, which keeps its
/// header up to date after every block): its audio read as it arrives, for a player that
/// starts before the render is finished. The file stays readable when the writer renames it
/// into place; only the data chunk is read (chunks the writer appends after it at the end,
/// such as cue points, are not audio).
public final class GrowingWAVFile {
    /// Samples per second.
    public let sampleRate: Int
    /// Channels.
    public let channels: Int
    /// Bits per sample (16 for narrate's renders).
    public let bitsPerSample: Int
    /// Bytes of audio read so far.
    public private(set) var bytesRead = 0

    private let descriptor: Int32
    private let dataOffset: Int
    /// Where the data chunk's length is kept in the header.
    private let dataLengthOffset: Int

    /// Opens `path`; nil while it has no complete header yet (the writer has just begun) or is
    /// not a PCM WAV file.
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var header = [UInt8](repeating: 0, count: 4_096)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        func uint32(_ offset: Int) -> Int {
            Int(header[offset]) | Int(header[offset + 1]) << 8 | Int(header[offset + 2]) << 16 | Int(header[offset + 3]) << 24
        }
        func uint16(_ offset: Int) -> Int { Int(header[offset]) | Int(header[offset + 1]) << 8 }
        func tag(_ offset: Int) -> String { String(decoding: header[offset..<offset + 4], as: UTF8.self) }
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        var data: (offset: Int, lengthOffset: Int)?
        if count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" {
            var position = 12
            while position + 8 <= count, data == nil {
                let size = uint32(position + 4)
                switch tag(position) {
                case "fmt " where position + 24 <= count:
                    format = (uint16(position + 8), uint16(position + 10), uint32(position + 12), uint16(position + 22))
                case "data":
                    data = (position + 8, position + 4)
                default: break
                }
                position += 8 + size + (size & 1)
            }
        }
        guard let format, let data, format.tag == 1 || format.tag == 0xFFFE, format.channels > 0, format.bits % 8 == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        sampleRate = format.rate
        channels = format.channels
        bitsPerSample = format.bits
        dataOffset = data.offset
        dataLengthOffset = data.lengthOffset
    }

    deinit { close(descriptor) }

    /// Goes on reading from `frame` (forward only: audio before it is skipped, whether or not
    /// it was written yet).
    public func skip(toFrame frame: Int) {
        bytesRead = max(bytesRead, frame * frameBytes)
    }

    /// Bytes in one frame (a sample of every channel).
    public var frameBytes: Int { channels * bitsPerSample / 8 }

    /// The audio written since the last call, whole frames only, at most `limit` bytes;
    /// empty when nothing new was written.
    public func readAvailable(limit: Int = 65_536) -> [UInt8] {
        var length: UInt32 = 0
        guard pread(descriptor, &length, 4, off_t(dataLengthOffset)) == 4 else { return [] }
        var available = Int(UInt32(littleEndian: length))
        // An RF64 file's length is elsewhere; the file's own size bounds it then.
        var status = stat()
        if fstat(descriptor, &status) == 0 { available = min(available, Int(status.st_size) - dataOffset) }
        let wanted = min(limit, available - bytesRead) / frameBytes * frameBytes
        guard wanted > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: wanted)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(dataOffset + bytesRead)) }
        guard count > 0 else { return [] }
        let whole = count / frameBytes * frameBytes
        bytesRead += whole
        return Array(bytes.prefix(whole))
    }

    /// A WAV header for the audio streamed before its length is known: the largest lengths
    /// a header can say, so a player plays until the stream ends.
    public func streamHeader() -> [UInt8] {
        var header: [UInt8] = []
        func append(_ text: String) { header += Array(text.utf8) }
        func append32(_ value: Int) { header += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func append16(_ value: Int) { header += (0..<2).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        append("RIFF")
        append32(0xFFFF_FFFF)
        append("WAVE")
        append("fmt ")
        append32(16)
        append16(1)
        append16(channels)
        append32(sampleRate)
        append32(sampleRate * frameBytes)
        append16(frameBytes)
        append16(bitsPerSample)
        append("data")
        append32(0xFFFF_FFFF - 36)
        return header
    }
}
