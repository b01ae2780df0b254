internal import CNarrateMPG123
public import NarrateCore

/// Where the frames of an MP3 file start, read by libmpg123 without decoding: a book's
/// chapters are cut from its render at frame boundaries, byte for byte, as `mp3splt` does,
/// rather than decoded and encoded again (which would take minutes for a long book and lose
/// quality).
public struct MP3Frames: Sendable {
    /// The byte where each audio frame starts, in order (the info frame and tags are not
    /// among them); the last entry is where the last frame ends.
    public let offsets: [Int64]
    /// Samples in each frame (576 at 22,050 Hz, 1,152 at 44,100).
    public let samplesPerFrame: Int
    /// Samples the decoder puts before the first of the audio: the encoder's delay and the
    /// decoder's.
    public let delay: Int

    /// The frames of the MP3 file at `path`; `.inputUnavailable` when libmpg123 cannot read it.
    public init(path: String) throws(NarrateError) {
        var status: Int32 = 0
        guard let handle = mpg123_new(nil, &status) else {
            throw .inputUnavailable(path: path, reason: "libmpg123 cannot start: " + String(cString: mpg123_plain_strerror(status)))
        }
        defer { mpg123_delete(handle) }
        mpg123_param2(handle, Int32(MPG123_ADD_FLAGS.rawValue), Int(MPG123_QUIET.rawValue), 0)
        guard mpg123_open(handle, path) == MPG123_OK.rawValue else {
            throw .inputUnavailable(path: path, reason: "not an MP3 libmpg123 reads: " + String(cString: mpg123_strerror(handle)))
        }
        defer { mpg123_close(handle) }
        var offsets: [Int64] = []
        var last: Int64 = 0
        while true {
            let result = mpg123_framebyframe_next(handle)
            if result == MPG123_DONE.rawValue { break }
            guard result == MPG123_OK.rawValue || result == MPG123_NEW_FORMAT.rawValue else {
                throw .inputUnavailable(path: path, reason: "a damaged MP3 frame: " + String(cString: mpg123_strerror(handle)))
            }
            let position = Int64(mpg123_framepos(handle))
            offsets.append(position)
            var header: UInt = 0
            var body: UnsafeMutablePointer<UInt8>?
            var size = 0
            if mpg123_framedata(handle, &header, &body, &size) == MPG123_OK.rawValue { last = position + 4 + Int64(size) }
        }
        if let final = offsets.last { offsets.append(max(last, final)) }
        self.offsets = offsets
        let spf = Int(mpg123_spf(handle))
        samplesPerFrame = spf > 0 ? spf : 1_152
        delay = DecoderDelay.lameEncoderSamples + DecoderDelay.mp3DecoderSamples
    }

    /// Frames in the file.
    public var count: Int { max(0, offsets.count - 1) }

    /// The frame a cut before `sample` (in the audio as decoded, without the delay) starts at:
    /// `margin` frames earlier than the one that holds it, so that the frames whose bits the
    /// first frame kept may lack (LAME's bit reservoir) are ones of the pause before it.
    public func frame(before sample: Int64, margin: Int = 4) -> Int {
        min(count, Self.frame(before: sample, samplesPerFrame: samplesPerFrame, margin: margin))
    }

    /// `frame(before:margin:)` in a file of `samplesPerFrame`, reckoned without the file.
    public static func frame(before sample: Int64, samplesPerFrame: Int, margin: Int = 4) -> Int {
        let delay = Int64(DecoderDelay.lameEncoderSamples + DecoderDelay.mp3DecoderSamples)
        return max(0, Int((sample + delay) / Int64(samplesPerFrame)) - margin)
    }

    /// Where frame `frame` starts in the audio as decoded without the delay (before 0 for the
    /// first frames: a decoder given frames without the info frame plays the delay too).
    public static func firstSample(ofFrame frame: Int, samplesPerFrame: Int) -> Int64 {
        Int64(frame * samplesPerFrame) - Int64(DecoderDelay.lameEncoderSamples + DecoderDelay.mp3DecoderSamples)
    }

    /// Samples in a frame of an MP3 at `sampleRate`: 1,152 for MPEG-1 (32 kHz and up), 576
    /// below (MPEG-2 and 2.5).
    public static func samplesPerFrame(sampleRate: Int) -> Int {
        sampleRate >= 32_000 ? 1_152 : 576
    }
}
