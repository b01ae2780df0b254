import NarrateAudio
public import NarrateCore
public import NarrateLibrary
public import NarrateRendering
public import NarrateSpread

/// The render that playing, positions given as times and resuming use: the newest intact
/// WAV render of the article in the voice it keeps (when it keeps one), whatever its other
/// settings (positions are sentences, the same in every render), else a new one with the
/// article's own voice in the library's audio folder.
public enum ListeningRender {
    /// The render to listen to; `willRender` is told, with the estimated length in seconds,
    /// before a new one is made.
    public static func obtain(
        for article: StoredArticle, library: ArticleLibrary, engine: any SpeechEngine, presets: VoicePresetLibrary,
        spread: SynthesisSpread? = nil, isCancelled: () -> Bool, willRender: (_ estimatedSeconds: Double) -> Void = { _ in }
    ) throws(NarrateError) -> (RenderRecord, [Range<Int64>]) {
        let renderer = ArticleRenderer(library: library, engine: engine, spread: spread)
        let id = article.summary.id
        let reading = try ReadingChoices.load(from: library)
        if let existing = try renderer.newestIntactRender(ofArticle: id, format: .wav, keptVoice: article.voice, reading: reading) {
            return existing
        }
        willRender(article.summary.listeningSeconds)
        let settings = try newSettings(
            for: article, engine: engine, presets: presets, preference: try VoicePreference.load(from: library), reading: reading
        )
        let outcome = try renderer.render(articleId: id, settings: settings, output: nil, overwrite: true, isCancelled: isCancelled)
        return (outcome.render, outcome.sentenceSamples)
    }

    /// The settings a new listening render of `article` is made with: its own voice (or the
    /// one its language picks, as the library's `preference` says), WAV, reading the parts the
    /// library's `reading` choices read.
    public static func newSettings(
        for article: StoredArticle, engine: any SpeechEngine, presets: VoicePresetLibrary, preference: VoicePreference,
        reading: ReadingChoices
    ) throws(NarrateError) -> RenderSettings {
        try ArticleVoice.settings(for: article, request: nil, presets: presets, engine: engine, preference: preference, reading: reading)
    }
}
