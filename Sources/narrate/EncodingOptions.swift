import ArgumentParser
import NarrateAudio
import NarrateCore
import NarrateRendering

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

    /// The encoding for `output` (nil: no file named yet); see `EncodingChoice`.
    func encoding(output: String?) throws(NarrateError) -> AudioEncoding {
        try EncodingChoice(format: format, bitrate: bitrate, quality: quality, sampleRate: sampleRate).encoding(output: output)
    }
}
