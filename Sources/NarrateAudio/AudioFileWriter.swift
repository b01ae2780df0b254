internal import CNarrateSndFile
public import NarrateCore
import NarrateSystem

/// Streams 16-bit mono audio into a file through libsndfile, crash-safely, in any of
/// narrate's formats, resampling on the way when the file's rate differs from the source's.
///
/// Audio goes to a temporary file beside the destination (`.NAME.XXXXXX.tmp`; through a
/// symbolic link, beside the file it points to); `commit()` flushes it to the disk and
/// renames it into place, `discard()` (or dropping an uncommitted writer) removes it, and the
/// destination is never touched before `commit()` (see `OutputFile`). WAV is opened as RF64
/// with libsndfile's automatic downgrade, so a file that stays under 4 GiB closes as an
/// ordinary WAV and a longer one becomes RF64 by itself; its header is rewritten after every
/// write, so even a killed process leaves a playable temporary file. The other formats are
/// never patched in place (rewriting an Ogg header corrupts it): a crash leaves only the
/// temporary file.
///
/// The destination `-` (standard output), a character device, a FIFO or a socket is a
/// stream, written in place for the formats that can stream (all but WAV) and never
/// replaced. Every byte libsndfile writes goes through `SoundFileChannel`, so a full disk, an
/// I/O error or a reader that went away is `.writeFailed` (`.streamWriteFailed` for a
/// stream), never a silent loss.
///
/// Samples are gathered into blocks of `bufferFrames` (about 1.5 s at 22,050 Hz) before they
/// go to libsndfile: a write per engine chunk costs a header update and several system calls
/// each, which made narrate spend 10% more wall time than espeak-ng on I/O alone. The blocks
/// are encoded on a thread of their own (`EncoderThread`), so the encoder and the speech
/// engine use two cores.
public final class AudioFileWriter: AudioSink {
    /// The destination that means standard output.
    public static let standardOutput = "-"

    /// Where the file ends up (`-`: standard output).
    public let destination: String
    /// Samples per second of the audio written in (the engine's rate).
    public let sampleRate: Int
    /// Samples per second in the file.
    public let fileSampleRate: Int
    /// The encoding.
    public let encoding: AudioEncoding
    /// The temporary file being written; nil when writing to standard output.
    public let temporaryPath: String?
    /// Samples written in so far, at `sampleRate`.
    public private(set) var framesWritten = 0
    /// Samples that reached the file so far, at `fileSampleRate`.
    public private(set) var fileFramesWritten = 0
    /// Chapter starts (frames at `sampleRate`), written as labelled cue points into WAV files
    /// on `commit()`; other formats ignore them.
    public var markers: [AudioMarker] = []

    /// Samples gathered before each write to the file.
    public static let bufferFrames = 32_768

    /// The format.
    public var format: AudioFileFormat { encoding.format }

    private let output: OutputFile
    private let blockEncoder: any BlockEncoder
    private var isOpen = true
    private var pending: [Int16] = []
    private var finished = false
    private let converter: SampleRateConverter?
    private var encoder: EncoderThread?

    /// Opens a temporary file beside `destination` (or standard output for `-`).
    ///
    /// Throws `.outputExists` when `destination` exists and `overwrite` is false,
    /// `.cannotCreateOutput` when the directory is missing or not writable,
    /// `.invalidOption` for an encoding that does not fit the format (or WAV to a pipe), and
    /// `AudioError.formatUnavailable` when the installed libsndfile cannot write the format.
    public init(
        destination: String, sampleRate: Int, encoding: AudioEncoding = .wav, tags: AudioTags = AudioTags(),
        overwrite: Bool
    ) throws(NarrateError) {
        try encoding.validate()
        self.destination = destination
        self.sampleRate = sampleRate
        self.encoding = encoding
        fileSampleRate = encoding.fileSampleRate(forSource: sampleRate)
        converter = fileSampleRate == sampleRate ? nil : try SampleRateConverter(from: sampleRate, to: fileSampleRate)

        let target = try OutputTarget.resolve(destination)
        try Self.checkStreamable(encoding.format, target: target)
        let output = try OutputFile(target, overwrite: overwrite)
        temporaryPath = output.temporaryPath

        self.output = output
        do {
            blockEncoder = try Self.makeEncoder(output: output, encoding: encoding, fileSampleRate: fileSampleRate, tags: tags)
        } catch {
            output.discard()
            throw error
        }
        pending.reserveCapacity(Self.bufferFrames)
        encoder = EncoderThread(encoder: blockEncoder)
    }

    /// LAME for MP3 and libopus for Opus, set for speech; libsndfile for the rest.
    private static func makeEncoder(
        output: OutputFile, encoding: AudioEncoding, fileSampleRate: Int, tags: AudioTags
    ) throws(NarrateError) -> any BlockEncoder {
        switch encoding.format {
        case .mp3:
            return try MP3Encoder(output: output, sampleRate: fileSampleRate, encoding: encoding, tags: tags)
        case .opus:
            return try OpusFileEncoder(output: output, sampleRate: fileSampleRate, encoding: encoding, tags: tags)
        case .wav, .flac, .ogg, .au, .raw:
            var info = SF_INFO()
            info.samplerate = Int32(fileSampleRate)
            info.channels = 1
            info.format = encoding.format.sndfileFormat
            let channel: SoundFileChannel
            do {
                channel = try SoundFileChannel(output: output, info: &info)
            } catch {
                // libsndfile's format check says yes to formats a build cannot write, and its
                // error codes are not public: a second open of a scratch file tells a missing
                // encoder from a problem with this destination.
                if !Self.canWrite(info) {
                    throw NarrateError(
                        AudioError.formatUnavailable(format: encoding.format.displayName, reason: String(cString: sf_strerror(nil))))
                }
                throw error
            }
            configure(channel.handle!, encoding: encoding, fileSampleRate: fileSampleRate, tags: tags)
            return SoundFileEncoder(channel: channel)
        }
    }

    private static func configure(_ handle: OpaquePointer, encoding: AudioEncoding, fileSampleRate: Int, tags: AudioTags) {
        if let (level, mode) = encoding.sndfileSettings(fileRate: fileSampleRate) {
            if var mode { sf_command(handle, Int32(SFC_SET_BITRATE_MODE), &mode, Int32(MemoryLayout<Int32>.size)) }
            var compression = level
            sf_command(handle, Int32(SFC_SET_COMPRESSION_LEVEL), &compression, Int32(MemoryLayout<Double>.size))
        }
        if encoding.format.carriesTags {
            let strings: [(Int32, String?)] = [
                (Int32(SF_STR_TITLE), tags.title), (Int32(SF_STR_ARTIST), tags.artist), (Int32(SF_STR_ALBUM), tags.album),
                (Int32(SF_STR_DATE), tags.date), (Int32(SF_STR_COMMENT), tags.comment),
                (Int32(SF_STR_TRACKNUMBER), tags.trackNumber), (Int32(SF_STR_SOFTWARE), "narrate"),
            ]
            for case (let kind, let value?) in strings where !value.isEmpty {
                sf_set_string(handle, kind, value)
            }
        }
        if encoding.format == .wav {
            // Under 4 GiB the file closes as WAV; beyond, it stays RF64.
            sf_command(handle, Int32(SFC_RF64_AUTO_DOWNGRADE), nil, Int32(SF_TRUE))
            // Keep the header valid after every write, so an interrupted file still plays.
            sf_command(handle, Int32(SFC_SET_UPDATE_HEADER_AUTO), nil, Int32(SF_TRUE))
        }
    }

    deinit {
        if !finished { discard() }
    }

    /// Seconds of audio written so far.
    public var duration: Double {
        Double(framesWritten) / Double(sampleRate)
    }

    /// Appends samples. Throws `.writeFailed` when the file system refuses them.
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard isOpen, !samples.isEmpty else { return }
        framesWritten += samples.count
        if let converter {
            try converter.convert(samples) { try self.append($0) }
        } else {
            try append(samples)
        }
    }

    /// Appends `count` samples of silence.
    public func writeSilence(samples count: Int) throws {
        guard isOpen, count > 0 else { return }
        let zeros = [Int16](repeating: 0, count: min(count, Self.bufferFrames))
        var remaining = count
        try zeros.withUnsafeBufferPointer { buffer in
            while remaining > 0 {
                let step = min(remaining, buffer.count)
                try write(UnsafeBufferPointer(rebasing: buffer[..<step]))
                remaining -= step
            }
        }
    }

    private func append(_ samples: UnsafeBufferPointer<Int16>) throws(NarrateError) {
        guard !samples.isEmpty else { return }
        if fileFramesWritten == 0, samples.count < Self.bufferFrames {
            // The first samples go to the file at once: a listener may be reading it as it grows.
            try send(Array(samples))
            fileFramesWritten += samples.count
            return
        }
        if pending.count + samples.count > Self.bufferFrames { try sendPending() }
        if samples.count >= Self.bufferFrames {
            // Blocks of at most bufferFrames: the queue's memory stays bounded, and encoders
            // are never handed more than they buffer well (libvorbis crashes on ~40M samples).
            var start = 0
            while start < samples.count {
                let end = min(samples.count, start + Self.bufferFrames)
                try send(Array(samples[start..<end]))
                start = end
            }
        } else {
            pending.append(contentsOf: samples)
        }
        fileFramesWritten += samples.count
    }

    /// Writes the gathered samples to the file and waits until they are in it (a WAV
    /// file's header is then up to date).
    public func flush() throws(NarrateError) {
        try sendPending()
        if let failure = encoder?.drain() { throw output.failure(failure) }
    }

    private func sendPending() throws(NarrateError) {
        guard !pending.isEmpty else { return }
        let block = pending
        pending = []
        pending.reserveCapacity(Self.bufferFrames)
        try send(block)
    }

    private func send(_ block: [Int16]) throws(NarrateError) {
        guard let encoder else { return }
        if let failure = encoder.submit(block) { throw output.failure(failure) }
    }

    /// Finishes what goes into the file without putting it in place: the last samples
    /// resampled and encoded, the encoder closed, a WAV's cue points written. `commit()` then
    /// only flushes the file to the disk and renames it into place, which a batch worker
    /// leaves to another thread while it starts its next article. A failure discards the file.
    public func finishWriting() throws(NarrateError) {
        guard !finished, isOpen else { return }
        do {
            if let converter {
                try converter.finish { try self.append($0) }
            }
            try sendPending()
        } catch {
            discard()
            throw error as? NarrateError ?? .writeFailed(path: destination, reason: "\(error)")
        }
        if let failure = encoder?.finish() {
            discard()
            throw output.failure(failure)
        }
        encoder = nil
        isOpen = false
        if let failure = blockEncoder.finish() {
            finished = true
            output.discard()
            throw output.failure(failure)
        }
        if let temporaryPath, encoding.format == .wav, !markers.isEmpty {
            let scaled = markers.map { AudioMarker(frame: $0.frame * fileSampleRate / sampleRate, label: $0.label) }
            do throws(NarrateError) {
                try WAVCueChunks.append(scaled, toFileAt: temporaryPath)
            } catch {
                discard()
                throw error
            }
        }
    }

    /// Finishes the file (`finishWriting()`, unless done) and moves it to `destination`.
    ///
    /// Without `overwrite`, the move fails with `.outputExists` if something appeared at the
    /// destination meanwhile (the link is atomic, so nothing is clobbered). `path` (in the
    /// same folder) replaces the destination given at the start, for names known only at
    /// the end (the numbered files of a split set).
    public func commit(as path: String? = nil) throws(NarrateError) {
        try finishWriting()
        guard !finished else { return }
        finished = true
        do {
            try output.commit(as: path)
        } catch {
            output.discard()
            throw error
        }
    }

    /// Closes and removes the temporary file; the destination is left as it was.
    public func discard() {
        encoder?.finish(discarding: true)
        encoder = nil
        if isOpen { _ = blockEncoder.finish() }
        isOpen = false
        if !finished {
            output.discard()
            finished = true
        }
    }

    /// Refuses a format that cannot be streamed (WAV rewrites its header at the end) for a
    /// destination that is a stream: standard output, a device, a FIFO or a socket.
    public static func checkStreamable(_ format: AudioFileFormat, target: OutputTarget) throws(NarrateError) {
        guard target.isStream, !format.canStream else { return }
        throw NarrateError(AudioError.cannotStream(path: target.path, kind: target.kindDescription, format: format.displayName))
    }

    /// Whether libsndfile opens a scratch file in the temporary folder with `info`.
    private static func canWrite(_ info: SF_INFO) -> Bool {
        var template = Array("/tmp/narrate-format-probe-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return true }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        var probe = info
        guard let handle = sf_open_fd(descriptor, Int32(SFM_WRITE), &probe, 1) else {
            close(descriptor)
            return false
        }
        sf_close(handle)
        return true
    }
}
