import ArgumentParser
import NarrateAudio
import NarrateCore
import Narration

/// The options that choose how audio is encoded, shared by `convert`, `render`, `resume`
/// and `batch`.
struct EncodingOptions: ParsableArguments {
    @Option(help: "Audio format: \(AudioFileFormat.names) (default: from the output's extension, else wav).")
    var format: String?

    @Option(help: "Bitrate in kbit/s (such as 64 or 64k): constant for mp3, the target for opus (defaults: mp3 64, opus 32).")
    var bitrate: String?

    @Option(help: "Quality from 0 (smallest) to 10 (best) for ogg, opus and mp3 (variable bitrate); ogg's default is 4.")
    var quality: Double?

    @Option(help: "The file's sample rate in Hz, resampled with libsoxr (default: the voice's 22050; opus 24000).")
    var sampleRate: Int?

    @Option(help: "The album tag (default: narrate).")
    var album: String = AudioTags.defaultAlbum

    /// The encoding for `output` (nil: no file named yet): `--format`, else the output's
    /// extension, else WAV. A format that disagrees with the extension, or an extension
    /// narrate does not write, is an error.
    func encoding(output: String?) throws(NarrateError) -> AudioEncoding {
        var chosen: AudioFileFormat?
        if let format {
            guard let parsed = AudioFileFormat(rawValue: format.lowercased()) else {
                throw .invalidOption(name: "--format", message: "--format \(format): narrate writes \(AudioFileFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            chosen = parsed
        }
        if let output, output != AudioFileWriter.standardOutput, let named = Self.extensionFormat(of: output) {
            guard let named else {
                let suffix = output[output.index(after: output.lastIndex(of: ".")!)...]
                throw .invalidOption(
                    name: "-o",
                    message: "cannot write '\(suffix)' files; narrate writes \(AudioFileFormat.allCases.map(\.rawValue).joined(separator: ", ")) (give -o one of those extensions)"
                )
            }
            if let chosen, chosen != named {
                throw .invalidOption(name: "--format", message: "--format \(chosen.rawValue) disagrees with \(output)'s extension; make them match")
            }
            chosen = named
        }
        let encoding = AudioEncoding(
            format: chosen ?? .wav, sampleRate: sampleRate, bitrate: try parsedBitrate(), quality: quality
        )
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
            throw .invalidOption(name: "--bitrate", message: "--bitrate \(bitrate): give kbit/s, such as 64 or 64k")
        }
        return value
    }
}
