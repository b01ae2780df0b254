import ArgumentParser
import NarrateCore
import NarrateRendering

/// The options that shape a voice and its pauses, shared by the commands that synthesize
/// (`convert`, `render`, `resume`): defaults, then the preset, then explicit options. The
/// parts read (`--read`, `--skip`) go the same way from the library's choices.
struct VoiceOptions: ParsableArguments {
    @Option(help: "Voice preset: a name from voices/ or ~/.config/narrate/voices, or a path.")
    var preset: String?

    @Option(help: "eSpeak NG voice name or language code (see 'narrate voices').")
    var voice: String?

    @Option(help: "Speaking rate in words per minute (80-450).")
    var rate: Int?

    @Option(help: "Pitch, 0-99 (50 is the voice's normal).")
    var pitch: Int?

    @Option(help: "Volume, 0-200 (100 is normal).")
    var volume: Int?

    @Option(help: "Extra pause between words, in 10 ms units (0-100).")
    var wordGap: Int?

    @Option(help: "Silence after a sentence, in milliseconds (default 350).")
    var sentencePause: Int?

    @Option(help: "Silence after a paragraph, list item or quote, in milliseconds (default 700).")
    var paragraphPause: Int?

    @Option(help: "Silence after a heading, in milliseconds (default 900).")
    var headingPause: Int?

    @OptionGroup var readingParts: ReadingPartOptions

    /// What these options ask for.
    var request: VoiceRequest {
        // Checked by `ReadingPartOptions.validate`.
        let parts = try? readingParts.parts()
        return VoiceRequest(
            preset: preset, voice: voice, rate: rate, pitch: pitch, volume: volume, wordGap: wordGap,
            sentencePause: sentencePause, paragraphPause: paragraphPause, headingPause: headingPause,
            read: readingParts.read == nil ? nil : parts?.read, skip: readingParts.skip == nil ? nil : parts?.skip
        )
    }
}
