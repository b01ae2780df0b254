public import NarrateAudio
public import NarrateCore

/// How a listener asks for audio to be encoded, as a front end receives it (text as typed):
/// a format name, a bitrate ("64" or "64k"), a quality, a sample rate; turned into an
/// `AudioEncoding` that agrees with the output's name and can be written there.
public struct EncodingChoice: Sendable {
    /// The format's name (nil: from the output's extension, else WAV).
    public var format: String?
    /// The bitrate in kbit/s, with or without a trailing "k".
    public var bitrate: String?
    /// The quality, 0 to 10.
    public var quality: Double?
    /// The sample rate in Hz.
    public var sampleRate: Int?

    public init(format: String? = nil, bitrate: String? = nil, quality: Double? = nil, sampleRate: Int? = nil) {
        self.format = format
        self.bitrate = bitrate
        self.quality = quality
        self.sampleRate = sampleRate
    }

    /// The encoding for `output` (nil: no file named yet): the format asked for, else the
    /// output's extension, else WAV. A format that disagrees with the extension, an
    /// extension narrate does not write, or a format that cannot be streamed onto a stream
    /// output is refused.
    public func encoding(output: String?) throws(NarrateError) -> AudioEncoding {
        let names = AudioFileFormat.allCases.map(\.rawValue).joined(separator: ", ")
        var chosen: AudioFileFormat?
        if let format {
            guard let parsed = AudioFileFormat(rawValue: format.lowercased()) else {
                throw .invalidOption(name: "format", message: "format \(format): narrate writes \(names)")
            }
            chosen = parsed
        }
        if let output, output != AudioFileWriter.standardOutput, let named = Self.extensionFormat(of: output) {
            guard let named else {
                let suffix = output[output.index(after: output.lastIndex(of: ".")!)...]
                throw NarrateError(OutputError.unwritableExtension(suffix: String(suffix), formats: names))
            }
            if let chosen, chosen != named {
                throw .invalidOption(
                    name: "format", message: "format \(chosen.rawValue) disagrees with \(output)'s extension; make them match")
            }
            chosen = named
        }
        let encoding = AudioEncoding(format: chosen ?? .wav, sampleRate: sampleRate, bitrate: try parsedBitrate(), quality: quality)
        try encoding.validate()
        // A path that cannot be examined is reported when it is opened.
        if let output, let target = try? OutputTarget.resolve(output) {
            try AudioFileWriter.checkStreamable(encoding.format, target: target)
        }
        return encoding
    }

    /// The format an output path's extension names: nil when it has no extension,
    /// `.some(nil)` when it names one narrate does not write.
    static func extensionFormat(of path: String) -> AudioFileFormat?? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return .some(AudioFileFormat(path: name))
    }

    private func parsedBitrate() throws(NarrateError) -> Int? {
        guard let bitrate else { return nil }
        let digits = bitrate.lowercased().hasSuffix("k") ? String(bitrate.dropLast()) : bitrate
        guard let value = Int(digits), value > 0 else {
            throw .invalidOption(name: "bitrate", message: "bitrate \(bitrate): give kbit/s, such as 64 or 64k")
        }
        return value
    }
}
