import NarrateCore
import NarrateLibrary
import NarrateRendering
import NarrateTestSupport
import Testing

/// The voices the article page's picker offers: the neural voices for the article's language,
/// the best first, then eSpeak NG's, and the one the article keeps whatever it speaks.
@Suite("An article's voice choice")
struct ArticleVoiceChoiceTests {
    static func piper(_ name: String, _ language: String, _ quality: String) -> VoiceInfo {
        VoiceInfo(name: name, identifier: "piper:\(name)", languages: [language], gender: .unspecified, engine: "piper", quality: quality)
    }

    @Test func neuralVoicesComeFirstTheBestFirstThenESpeakNGs() throws {
        let fixture = try LibraryFixture()
        let engine = FakeEngine()
        engine.neural = [
            Self.piper("en_US-amy-low", "en-us", "low"), Self.piper("en_GB-alba-medium", "en-gb", "medium"),
            Self.piper("uk_UA-lada-x_low", "uk", "x_low"), Self.piper("en_US-zed-high", "en-us", "high"),
            Self.piper("en_US-bob-medium", "en-us", "medium"),
        ]
        let choice = try ArticleVoiceChoice(articleId: fixture.articleId, library: fixture.library, engine: engine)
        #expect(
            choice.voices.map(\.identifier) == [
                "piper:en_US-zed-high", "piper:en_GB-alba-medium", "piper:en_US-bob-medium", "piper:en_US-amy-low", "gmw/en-US",
            ])
        #expect(choice.voice == nil)

        // A voice of another language kept for the article is offered too, after them.
        try fixture.library.articles.setVoice(ofArticle: fixture.articleId, to: "piper:uk_UA-lada-x_low")
        let kept = try ArticleVoiceChoice(articleId: fixture.articleId, library: fixture.library, engine: engine)
        #expect(kept.voice == "piper:uk_UA-lada-x_low")
        #expect(kept.voices.last?.identifier == "piper:uk_UA-lada-x_low")
        #expect(kept.voices.count == 6)
    }
}
