internal import CNarrateOpus
import NarrateCore

/// Encodes Ogg Opus (RFC 7845) with libopus and libogg directly, set for speech: mono at the
/// file's rate (24 kHz for eSpeak NG's voices: Opus codes it natively, nothing is resampled
/// to 48 kHz), variable bitrate, complexity 3, CELT mode: on the 33-minute sample at
/// 32 kbit/s that encodes in 2.6 s, where SILK (what libsndfile's fixed complexity 10 or
/// libopus's voice hint choose) takes 5 to 25 s, for a synthetic voice that CELT at
/// 32 kbit/s already renders cleanly.
///
/// The stream starts with its identification header (pre-skip: the encoder's look-ahead)
/// and its comments (the tags, as Vorbis comments), each on a page of its own; the last
/// page's granule position ends the audio exactly where the samples did, so decoders drop
/// the padding. Every byte goes through the `OutputFile`'s checked writes.
final class OpusFileEncoder: BlockEncoder {
    /// libopus's complexity (0 fastest … 10 best).
    static let complexity: Int32 = 3
    /// Milliseconds of audio in each Opus packet.
    static let frameMilliseconds = 20

    private let output: OutputFile
    private let encoder: OpaquePointer
    private var stream = ogg_stream_state()
    private let sampleRate: Int
    private let frameSize: Int
    /// 48 kHz samples per sample at the file's rate.
    private let granuleScale: Int64
    private let preSkip: Int64
    private var pending: [Int16] = []
    private var packet = [UInt8](repeating: 0, count: 4_000)
    private var samplesIn: Int64 = 0
    private var samplesEncoded: Int64 = 0
    private var packetNumber: Int64 = 0
    private var closed = false

    /// Starts an Ogg Opus stream into `output` at `sampleRate` (8, 12, 16, 24 or 48 kHz).
    /// Throws `AudioError.encoderRefused` when libopus refuses the settings, `.writeFailed` when the
    /// headers cannot be written.
    init(output: OutputFile, sampleRate: Int, encoding: AudioEncoding, tags: AudioTags) throws(NarrateError) {
        var status: Int32 = 0
        guard let encoder = opus_encoder_create(Int32(sampleRate), 1, OPUS_APPLICATION_AUDIO, &status), status == OPUS_OK else {
            throw NarrateError(
                AudioError.encoderRefused(format: AudioFileFormat.opus.displayName, reason: String(cString: opus_strerror(status))))
        }
        self.encoder = encoder
        self.output = output
        self.sampleRate = sampleRate
        frameSize = sampleRate * Self.frameMilliseconds / 1_000
        granuleScale = Int64(48_000 / sampleRate)
        let kbps = encoding.quality.map { 6 + $0 / 10 * 250 } ?? Double(encoding.bitrate ?? AudioEncoding.defaultBitrates[.opus]!)
        _ = narrate_opus_set(encoder, OPUS_SET_BITRATE_REQUEST, opus_int32(kbps * 1_000))
        _ = narrate_opus_set(encoder, OPUS_SET_COMPLEXITY_REQUEST, Self.complexity)
        // CELT whatever the complexity: libopus's music hint (its speech hint picks SILK).
        _ = narrate_opus_set(encoder, OPUS_SET_SIGNAL_REQUEST, OPUS_SIGNAL_MUSIC)
        var lookahead: opus_int32 = 0
        _ = narrate_opus_get(encoder, OPUS_GET_LOOKAHEAD_REQUEST, &lookahead)
        preSkip = Int64(lookahead) * granuleScale
        ogg_stream_init(&stream, Int32(bitPattern: UInt32.random(in: 1...UInt32.max)))
        do {
            try writeHeaders(tags: tags)
        } catch {
            ogg_stream_clear(&stream)
            opus_encoder_destroy(encoder)
            closed = true
            throw error
        }
    }

    deinit {
        if !closed {
            ogg_stream_clear(&stream)
            opus_encoder_destroy(encoder)
        }
    }

    func encode(_ block: UnsafeBufferPointer<Int16>) -> String? {
        samplesIn += Int64(block.count)
        pending.append(contentsOf: block)
        var start = 0
        while pending.count - start >= frameSize {
            if let failure = encodeFrame(from: start, last: false) { return failure }
            start += frameSize
        }
        pending.removeFirst(start)
        return nil
    }

    func finish() -> String? {
        guard !closed else { return nil }
        defer {
            ogg_stream_clear(&stream)
            opus_encoder_destroy(encoder)
            closed = true
        }
        // The look-ahead still inside the encoder comes out with silence after the audio.
        let needed = samplesIn + preSkip / granuleScale
        repeat {
            let count = Int(min(Int64(frameSize), needed - samplesEncoded - Int64(pending.count)))
            if count > 0 { pending.append(contentsOf: repeatElement(0, count: count)) }
            if pending.count < frameSize { pending.append(contentsOf: repeatElement(0, count: frameSize - pending.count)) }
            let last = samplesEncoded + Int64(frameSize) >= needed
            if let failure = encodeFrame(from: 0, last: last) { return failure }
            pending.removeFirst(frameSize)
            if last { break }
        } while true
        return flushPages(force: true)
    }

    private func encodeFrame(from start: Int, last: Bool) -> String? {
        let count = pending.withUnsafeBufferPointer { samples in
            packet.withUnsafeMutableBufferPointer {
                opus_encode(encoder, samples.baseAddress! + start, Int32(frameSize), $0.baseAddress!, opus_int32($0.count))
            }
        }
        guard count > 0 else { return "libopus could not encode the audio: \(String(cString: opus_strerror(count)))" }
        samplesEncoded += Int64(frameSize)
        // The last packet's granule position trims the padding: the stream ends where the input did.
        let granule = last ? preSkip + samplesIn * granuleScale : samplesEncoded * granuleScale
        return submit(count: Int(count), granule: granule, endOfStream: last)
    }

    private func submit(count: Int, granule: Int64, beginningOfStream: Bool = false, endOfStream: Bool = false) -> String? {
        packet.withUnsafeMutableBufferPointer { bytes in
            var oggPacket = ogg_packet(
                packet: bytes.baseAddress!, bytes: count, b_o_s: beginningOfStream ? 1 : 0, e_o_s: endOfStream ? 1 : 0,
                granulepos: granule, packetno: packetNumber
            )
            _ = ogg_stream_packetin(&stream, &oggPacket)
        }
        packetNumber += 1
        return flushPages(force: false)
    }

    /// Writes the pages ready (all of them when `force`).
    private func flushPages(force: Bool) -> String? {
        var page = ogg_page()
        while (force ? ogg_stream_flush(&stream, &page) : ogg_stream_pageout(&stream, &page)) != 0 {
            do {
                try output.write(UnsafeRawBufferPointer(start: page.header, count: page.header_len))
                try output.write(UnsafeRawBufferPointer(start: page.body, count: page.body_len))
            } catch {
                return SoundFileChannel.reason(of: error)
            }
        }
        return nil
    }

    private func writeHeaders(tags: AudioTags) throws(NarrateError) {
        var head = Array("OpusHead".utf8)
        head.append(1) // version
        head.append(1) // channels
        Self.append(UInt16(preSkip), to: &head)
        Self.append(UInt32(sampleRate), to: &head)
        Self.append(Int16(0), to: &head) // output gain
        head.append(0) // channel mapping family: mono or stereo
        var comments = Array("OpusTags".utf8)
        let vendor = Array("narrate (\(String(cString: opus_get_version_string())))".utf8)
        Self.append(UInt32(vendor.count), to: &comments)
        comments += vendor
        let fields: [(String, String?)] = [
            ("TITLE", tags.title), ("ARTIST", tags.artist), ("ALBUM", tags.album), ("DATE", tags.date),
            ("COMMENT", tags.comment), ("TRACKNUMBER", tags.trackNumber), ("ENCODER", "narrate"),
        ]
        let present = fields.compactMap { key, value in value.flatMap { $0.isEmpty ? nil : Array("\(key)=\($0)".utf8) } }
        Self.append(UInt32(present.count), to: &comments)
        for field in present {
            Self.append(UInt32(field.count), to: &comments)
            comments += field
        }
        for (index, header) in [head, comments].enumerated() {
            if packet.count < header.count { packet = [UInt8](repeating: 0, count: header.count) }
            packet.replaceSubrange(0..<header.count, with: header)
            if let failure = submit(count: header.count, granule: 0, beginningOfStream: index == 0) {
                throw output.failure(failure)
            }
            // Each header ends its page (RFC 7845 §3).
            if let failure = flushPages(force: true) { throw output.failure(failure) }
        }
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
