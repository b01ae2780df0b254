internal import CNarrateLame
import NarrateCore
import NarrateSystem

/// Encodes MP3 with LAME directly, set for speech: mono at the file's rate, constant
/// bitrate (or LAME's VBR for a quality), and LAME's algorithm quality 7, which encodes a
/// 33-minute narration about three times faster than libsndfile's default (quality 3) with
/// no difference a voice at 64 kbit/s lets a listener hear.
///
/// The tags go first, as an ID3v2 tag; a seekable output gets LAME's info frame (length,
/// encoder delay and padding, so players seek well and cut the padding) written over the
/// first frame at the end, as libsndfile and the `lame` tool do. Every byte goes through the
/// `OutputFile`'s checked writes.
final class MP3Encoder: BlockEncoder {
    /// LAME's algorithm quality (0 best and slowest … 9 fastest).
    static let algorithmQuality: Int32 = 7

    private let output: OutputFile
    private let lame: OpaquePointer
    private var bytes: [UInt8] = []
    /// Where the info frame goes in a seekable output (nil: a stream, which gets none).
    private let infoFrameOffset: off_t?
    private var closed = false

    /// Starts an MP3 stream into `output` at `sampleRate`. Throws `AudioError.encoderRefused` when
    /// LAME refuses the settings, `.writeFailed` when the tag cannot be written.
    init(output: OutputFile, sampleRate: Int, encoding: AudioEncoding, tags: AudioTags) throws(NarrateError) {
        guard let lame = lame_init() else {
            throw NarrateError(AudioError.encoderRefused(format: AudioFileFormat.mp3.displayName, reason: "LAME could not start"))
        }
        self.lame = lame
        self.output = output
        let base = SoundFileChannel.seekableOffset(of: output)
        lame_set_num_channels(lame, 1)
        lame_set_in_samplerate(lame, Int32(sampleRate))
        lame_set_out_samplerate(lame, Int32(sampleRate))
        lame_set_mode(lame, MONO)
        if let quality = encoding.quality {
            lame_set_VBR(lame, vbr_mtrh)
            lame_set_VBR_quality(lame, Float(10 - quality))
        } else {
            lame_set_VBR(lame, vbr_off)
            lame_set_brate(lame, Int32(encoding.bitrate ?? AudioEncoding.defaultBitrates[.mp3]!))
        }
        lame_set_quality(lame, Self.algorithmQuality)
        lame_set_bWriteVbrTag(lame, base == nil ? 0 : 1)
        lame_set_write_id3tag_automatic(lame, 0)
        Self.setTags(tags, on: lame)
        guard lame_init_params(lame) >= 0 else {
            lame_close(lame)
            throw NarrateError(AudioError.encoderRefused(format: AudioFileFormat.mp3.displayName, reason: "LAME refused the settings"))
        }
        let tagSize = lame_get_id3v2_tag(lame, nil, 0)
        var tag = [UInt8](repeating: 0, count: tagSize)
        if tagSize > 0 { _ = lame_get_id3v2_tag(lame, &tag, tagSize) }
        infoFrameOffset = base.map { $0 + off_t(tagSize) }
        do {
            if tagSize > 0 { try output.write(tag) }
        } catch {
            lame_close(lame)
            throw error
        }
    }

    deinit {
        if !closed { lame_close(lame) }
    }

    func encode(_ block: UnsafeBufferPointer<Int16>) -> String? {
        let capacity = block.count * 5 / 4 + 7_200
        if bytes.count < capacity { bytes = [UInt8](repeating: 0, count: capacity) }
        let count = bytes.withUnsafeMutableBufferPointer {
            lame_encode_buffer(lame, block.baseAddress, block.baseAddress, Int32(block.count), $0.baseAddress, Int32(capacity))
        }
        guard count >= 0 else { return "LAME could not encode the audio (code \(count))" }
        return write(Int(count))
    }

    func finish() -> String? {
        guard !closed else { return nil }
        defer {
            lame_close(lame)
            closed = true
        }
        if bytes.count < 7_200 { bytes = [UInt8](repeating: 0, count: 7_200) }
        let count = bytes.withUnsafeMutableBufferPointer { lame_encode_flush(lame, $0.baseAddress, Int32($0.count)) }
        guard count >= 0 else { return "LAME could not finish the audio (code \(count))" }
        if let failure = write(Int(count)) { return failure }
        guard let infoFrameOffset else { return nil }
        let frameSize = bytes.withUnsafeMutableBufferPointer { lame_get_lametag_frame(lame, $0.baseAddress, $0.count) }
        guard frameSize > 0, frameSize <= bytes.count else { return nil }
        do {
            try SystemCall.writeAll(output.descriptor, Array(bytes[..<frameSize]), at: Int64(infoFrameOffset))
        } catch {
            return error.description
        }
        return nil
    }

    private func write(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        let failure = bytes.withUnsafeBytes { all -> NarrateError? in
            do throws(NarrateError) {
                try output.write(UnsafeRawBufferPointer(rebasing: all[..<count]))
                return nil
            } catch {
                return error
            }
        }
        return failure.map(SoundFileChannel.reason(of:))
    }

    /// ID3v2 text frames in UTF-16 (what ID3v2.3 offers beyond Latin-1).
    private static func setTags(_ tags: AudioTags, on lame: OpaquePointer) {
        id3tag_init(lame)
        id3tag_v2_only(lame)
        let frames: [(String, String?)] = [
            ("TIT2", tags.title), ("TPE1", tags.artist), ("TALB", tags.album), ("TYER", tags.date.map { String($0.prefix(4)) }),
            ("TRCK", tags.trackNumber), ("TSSE", "narrate"),
        ]
        for case (let id, let value?) in frames where !value.isEmpty {
            setText(value, frame: id, on: lame)
        }
        if let comment = tags.comment, !comment.isEmpty {
            var description: [UInt16] = [0xFEFF, 0]
            var units: [UInt16] = [0xFEFF] + Array(comment.utf16) + [0]
            _ = id3tag_set_comment_utf16(lame, "eng", &description, &units)
        }
    }

    private static func setText(_ text: String, frame: String, on lame: OpaquePointer) {
        // UTF-16 with a byte-order mark, as LAME's UTF-16 calls expect.
        var units: [UInt16] = [0xFEFF] + Array(text.utf16) + [0]
        _ = id3tag_set_textinfo_utf16(lame, frame, &units)
    }
}
