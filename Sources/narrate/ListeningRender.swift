import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateSpeech
import Narration

/// The render `play`, `position --at` and `resume` use: the newest intact render of the
/// article in WAV whatever its other settings (positions are sentences, the same in every render), else
/// a new one with the article's own voice in the library's audio folder.
enum ListeningRender {
    static func obtain(
        for article: StoredArticle, library: ArticleLibrary, engine: ESpeakEngine
    ) throws(NarrateError) -> (RenderRecord, [Range<Int64>]) {
        let renderer = ArticleRenderer(library: library, engine: engine)
        let id = article.summary.id
        if let existing = try renderer.newestIntactRender(ofArticle: id, format: .wav) { return existing }
        ErrorReporter.printNote("rendering article \(id) first (\(DurationText.minutes(article.summary.listeningSeconds)) of audio)")
        let settings = try ArticleVoice.settings(for: article, request: nil, presets: NarrateEnvironment.presets(), engine: engine)
        let outcome = try renderer.render(
            articleId: id, settings: settings, output: nil, overwrite: true, isCancelled: { Interruption.isRequested }
        )
        return (outcome.render, outcome.sentenceSamples)
    }
}
