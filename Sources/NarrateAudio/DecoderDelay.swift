import Foundation

/// How much audio a player plays before a file's first sample: what a page that highlights
/// words by the player's clock must add to a render's times. Zero for the formats that carry
/// their own delay, which decoders drop (Ogg Opus's pre-skip, the info frame LAME writes into a
/// seekable MP3 at 64 kbit/s and up) and for those that have none (WAV, FLAC, Ogg Vorbis).
/// An MP3 without the info frame (LAME finds no room for it in a 32 kbit/s frame, and a stream
/// never gets one) starts with LAME's encoder delay and the decoder's own: 1,105 samples,
/// 50 ms at 22,050 Hz (measured in Chromium, which drops exactly the info frame's delay
/// from a file that has one and nothing from one that has not).
public enum DecoderDelay {
    /// LAME's encoder delay at narrate's settings (the input's own rate: nothing resampled).
    public static let lameEncoderSamples = 576
    /// The delay of an MP3 decoder's synthesis filter bank (528 + 1, as the LAME tag counts it).
    public static let mp3DecoderSamples = 529

    /// Samples a player plays before the first sample of the `format` file at `path`.
    public static func samples(ofFile path: String, format: String) -> Int {
        guard format == AudioFileFormat.mp3.rawValue else { return 0 }
        guard let handle = FileHandle(forReadingAtPath: path) else { return 0 }
        defer { try? handle.close() }
        // The ID3v2 tag (10 bytes and its synchsafe length) comes before the first frame.
        guard let head = try? handle.read(upToCount: 10), head.count == 10 else { return 0 }
        var start: UInt64 = 0
        let bytes = [UInt8](head)
        if bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 {
            let size = bytes[6...9].reduce(0) { $0 << 7 | UInt64($1 & 0x7F) }
            start = 10 + size + (bytes[5] & 0x10 != 0 ? 10 : 0)
        }
        guard (try? handle.seek(toOffset: start)) != nil, let frame = try? handle.read(upToCount: 4_096) else { return 0 }
        return hasInfoFrame([UInt8](frame)) ? 0 : lameEncoderSamples + mp3DecoderSamples
    }

    /// Seconds a player plays before the first sample of the `format` file at `path`, whose
    /// rate is `sampleRate`.
    public static func seconds(ofFile path: String, format: String, sampleRate: Int) -> Double {
        guard sampleRate > 0 else { return 0 }
        return Double(samples(ofFile: path, format: format)) / Double(sampleRate)
    }

    /// Whether the first MPEG audio frame in `bytes` is an info frame ("Xing" or "Info" after
    /// its side information), which tells decoders the encoder's delay and padding.
    static func hasInfoFrame(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 4 <= bytes.count, !(bytes[index] == 0xFF && bytes[index + 1] & 0xE0 == 0xE0) { index += 1 }
        guard index + 4 <= bytes.count else { return false }
        let version = (bytes[index + 1] >> 3) & 0x03 // 3: MPEG-1; 2: MPEG-2; 0: MPEG-2.5
        let protected = bytes[index + 1] & 0x01 == 0
        let mono = (bytes[index + 3] >> 6) == 0x03
        let sideInformation = version == 3 ? (mono ? 17 : 32) : (mono ? 9 : 17)
        let tag = index + 4 + (protected ? 2 : 0) + sideInformation
        guard tag + 4 <= bytes.count else { return false }
        let name = String(decoding: bytes[tag..<tag + 4], as: UTF8.self)
        return name == "Xing" || name == "Info"
    }
}
