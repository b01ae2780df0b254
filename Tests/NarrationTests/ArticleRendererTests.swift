import Foundation
import NarrateAudio
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarrateRendering
import NarrateTestSupport
import NarrateText
import Testing

/// A library in a folder of its own with one article in it, removed after the test.
final class LibraryFixture {
    let folder: String
    let library: ArticleLibrary
    let articleId: Int64

    static let text = """
        The lighthouse

        The keeper climbed the stairs at dusk. He lit the lamp.

        Ships passed in the night. None of them ran aground.
        """

    init() throws {
        folder = NSTemporaryDirectory() + "narrate-renderer-\(UUID().uuidString.prefix(8))"
        // The library in memory; the audio on disk, in the folder.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(folder)/library.sqlite"))
        let document = try TextReader().read(Self.text, path: "lighthouse.txt")
        let sentences = SentenceSegmenter(language: "en").sentences(of: document)
        let outcome = try library.articles.add(
            NewArticle(
                title: document.title, language: "en", original: Array(Self.text.utf8), document: document, sentences: sentences
            ))
        guard case .added(let id, _) = outcome else { throw NarrateError(LibraryError.noSuchArticle(id: -1)) }
        articleId = id
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    var settings: RenderSettings {
        RenderSettings(voice: .standard, pauses: .standard, lexicon: PronunciationLexicon(), language: "en")
    }
}

/// Rendering library articles with a fake engine, in process: the timings recorded, the
/// cache, copies, and a render whose file went missing.
@Suite("Article renderer")
struct ArticleRendererTests {
    let fixture: LibraryFixture

    init() throws {
        fixture = try LibraryFixture()
    }

    @Test func aRenderRecordsContiguousSentenceTimingsThatMatchTheFile() throws {
        let engine = FakeEngine()
        let outcome = try ArticleRenderer(library: fixture.library, engine: engine).render(
            articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false
        )
        #expect(outcome.source == .synthesized)
        #expect(engine.spoken.count == 5)
        let samples = outcome.sentenceSamples
        #expect(samples.count == 5)
        #expect(samples.first?.lowerBound == 0)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(samples.last?.upperBound == outcome.render.sampleCount)
        let info = try AudioFileInfo.read(path: outcome.render.path)
        #expect(Int64(info.frames) == outcome.render.sampleCount)
        #expect(info.sampleRate == engine.sampleRate)
        #expect(outcome.render.path.hasPrefix(fixture.library.location.audioDirectory))
    }

    @Test func aRenderRecordsEveryWordOnItsTextInsideItsSentence() throws {
        let renderer = ArticleRenderer(library: fixture.library, engine: FakeEngine())
        let outcome = try renderer.render(articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false)
        let words = try fixture.library.renders.words(ofRender: outcome.render.id)
        // 2 + 7 + 4 + 5 + 5 words in the five sentences.
        #expect(words.count == 23)
        #expect(zip(words, words.dropFirst()).allSatisfy { $0.samples.lowerBound <= $1.samples.lowerBound })
        let article = try fixture.library.articles.article(id: fixture.articleId)
        let stored = try fixture.library.articles.sentences(ofArticle: fixture.articleId)
        for word in words {
            let sentence = stored[word.sentence]
            #expect(outcome.sentenceSamples[word.sentence].contains(word.samples.lowerBound))
            #expect(sentence.textRange.contains(word.textRange.lowerBound))
            let text = Array(article.document.blocks[sentence.blockIndex].text.unicodeScalars)
            let shown = String(String.UnicodeScalarView(text[word.textRange]))
            #expect(shown.allSatisfy { $0.isLetter }, "\(shown)")
        }
        // A copy elsewhere keeps them; a resampled file has them at its own rate.
        let copy = try renderer.render(
            articleId: fixture.articleId, settings: fixture.settings, output: "\(fixture.folder)/copy.wav", overwrite: false
        )
        #expect(try fixture.library.renders.words(ofRender: copy.render.id) == words)
        var resampled = fixture.settings
        resampled.encoding = AudioEncoding(format: .wav, sampleRate: 8_000)
        let eight = try renderer.render(articleId: fixture.articleId, settings: resampled, output: nil, overwrite: false)
        let scaled = try fixture.library.renders.words(ofRender: eight.render.id)
        #expect(scaled.count == 23)
        #expect(scaled.allSatisfy { $0.samples.upperBound <= eight.render.sampleCount })
        #expect(abs(Double(scaled[5].samples.lowerBound) / 8_000 - Double(words[5].samples.lowerBound) / 1_000) < 0.001)
    }

    @Test func theSameSettingsAreNotSynthesizedTwice() throws {
        let engine = FakeEngine()
        let renderer = ArticleRenderer(library: fixture.library, engine: engine)
        let first = try renderer.render(articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false)
        let spoken = engine.spoken.count
        let second = try renderer.render(articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false)
        #expect(second.source == .cached)
        #expect(second.render == first.render)
        #expect(engine.spoken.count == spoken)
        // Another path gets a copy of the same audio, still without synthesis.
        let copy = "\(fixture.folder)/copy.wav"
        let copied = try renderer.render(articleId: fixture.articleId, settings: fixture.settings, output: copy, overwrite: false)
        #expect(copied.source == .copied)
        #expect(engine.spoken.count == spoken)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(contentsOf: URL(fileURLWithPath: first.render.path)))
    }

    /// A render only the user's file holds is copied into the library's folder when the
    /// library's own is asked for (a feed's episode, the web player's): the library's render
    /// must outlive a file the user may move or delete.
    @Test func theLibrarysOwnRenderIsACopyOfAFileTheUserNamed() throws {
        let engine = FakeEngine()
        let renderer = ArticleRenderer(library: fixture.library, engine: engine)
        let mine = try renderer.render(
            articleId: fixture.articleId, settings: fixture.settings, output: "\(fixture.folder)/mine.wav", overwrite: false)
        let spoken = engine.spoken.count
        let own = try renderer.render(articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false)
        #expect(own.source == .copied && own.render.ownedByLibrary)
        #expect(own.render.path.hasPrefix(fixture.library.location.audioDirectory))
        #expect(engine.spoken.count == spoken)
        try FileManager.default.removeItem(atPath: mine.render.path)
        #expect(
            try renderer.render(articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false).source == .cached)
    }

    @Test func otherSettingsOrAnotherEngineVersionRenderAnew() throws {
        let engine = FakeEngine()
        let renderer = ArticleRenderer(library: fixture.library, engine: engine)
        let first = try renderer.render(articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false)
        var faster = fixture.settings
        faster.voice.rate = 200
        let second = try renderer.render(articleId: fixture.articleId, settings: faster, output: nil, overwrite: false)
        #expect(second.source == .synthesized)
        #expect(second.render.settingsHash != first.render.settingsHash)
        let newer = FakeEngine(version: "fake 2")
        let third = try ArticleRenderer(library: fixture.library, engine: newer).render(
            articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false
        )
        #expect(third.source == .synthesized)
    }

    @Test func aRenderWhoseFileIsGoneIsMadeAgain() throws {
        let engine = FakeEngine()
        let renderer = ArticleRenderer(library: fixture.library, engine: engine)
        let first = try renderer.render(articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false)
        try FileManager.default.removeItem(atPath: first.render.path)
        let again = try renderer.render(articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false)
        #expect(again.source == .synthesized)
        #expect(FileManager.default.fileExists(atPath: again.render.path))
        #expect(try fixture.library.renders.renders(ofArticle: fixture.articleId).count == 1)
    }

    @Test func anExistingOutputIsKeptWithoutOverwrite() throws {
        let path = "\(fixture.folder)/mine.wav"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: NarrateError.outputExists(path: path)) {
            try ArticleRenderer(library: fixture.library, engine: FakeEngine()).render(
                articleId: fixture.articleId, settings: fixture.settings, output: path, overwrite: false
            )
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
        #expect(try fixture.library.renders.renders(ofArticle: fixture.articleId).isEmpty)
    }

    @Test func cancellingLeavesNoRenderAndNoFile() throws {
        var polls = 0
        #expect(throws: NarrateError.interrupted) {
            try ArticleRenderer(library: fixture.library, engine: FakeEngine()).render(
                articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false,
                isCancelled: {
                    polls += 1
                    return polls > 2
                }
            )
        }
        #expect(try fixture.library.renders.renders(ofArticle: fixture.articleId).isEmpty)
        let audio = (try? FileManager.default.contentsOfDirectory(atPath: fixture.library.location.audioDirectory)) ?? []
        #expect(audio.isEmpty, "\(audio)")
    }
}
