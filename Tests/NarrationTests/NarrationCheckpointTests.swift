import Foundation
import NarrateAudio
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarrateRendering
import NarrateTestSupport
import NarrateText
import Testing

@testable import NarrateSpread

/// A long render stopped (or killed) in its third chapter goes on there: the chapters kept
/// are played into the new file, and only what follows is spoken again; the audio and
/// timings are those of a render never stopped.
@Suite("Chapters kept by a long render")
struct NarrationCheckpointTests {
    /// Five chapters of 50 sentences each: 256 sentences with the headings and title.
    static let book = MarkdownBook.text(title: "The long book", chapters: 5, sentencesEach: 50) { chapter, number in
        "Sentence \(number) of chapter \(chapter) goes on a little while."
    }

    /// A library in a folder of its own holding `book`.
    final class BookLibrary {
        let folder: String
        let library: ArticleLibrary
        let articleId: Int64
        let sentences: [Sentence]

        init() throws {
            folder = NSTemporaryDirectory() + "narrate-kept-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(folder)/library.sqlite"))
            let document = try MarkdownReader().read(NarrationCheckpointTests.book, path: "book.md")
            sentences = SentenceSegmenter(language: "en").sentences(of: document)
            let outcome = try library.articles.add(
                NewArticle(
                    title: document.title, language: "en", original: Array(NarrationCheckpointTests.book.utf8), document: document,
                    sentences: sentences
                ))
            guard case .added(let id, _) = outcome else { throw NarrateError(LibraryError.noSuchArticle(id: -1)) }
            articleId = id
        }

        deinit {
            try? FileManager.default.removeItem(atPath: folder)
        }

        /// The folders long renders keep their chapters in.
        var keptFolders: [String] {
            DirectoryEntries.names(library.location.audioDirectory).filter { $0.hasPrefix(".chapters-") }
        }

        /// The sentences where chapters start.
        var chapterStarts: [Int] {
            sentences.indices.filter { sentences[$0].text.hasPrefix("Chapter ") }
        }

        func render(engine: FakeEngine, isCancelled: @escaping () -> Bool = { false }) throws -> ArticleRenderer.Outcome {
            try ArticleRenderer(library: library, engine: engine).render(
                articleId: articleId,
                settings: RenderSettings(voice: .standard, pauses: .standard, lexicon: PronunciationLexicon(), language: "en"),
                output: nil, overwrite: false, isCancelled: isCancelled
            )
        }
    }

    /// Every sample of the file at `path`.
    static func samples(_ path: String) throws -> [Int16] {
        try AudioFileReader(path: path).readAll()
    }

    /// A render of the book never stopped, to compare with.
    static func uninterrupted() throws -> (samples: [Int16], sentences: [Range<Int64>], words: [RenderWord]) {
        let book = try BookLibrary()
        let outcome = try book.render(engine: FakeEngine())
        return (try samples(outcome.render.path), outcome.sentenceSamples, try book.library.renders.words(ofRender: outcome.render.id))
    }

    @Test func aRenderStoppedInItsThirdChapterGoesOnThereWithTheAudioOfOneNeverStopped() throws {
        let book = try BookLibrary()
        #expect(book.sentences.count >= NarrationCheckpoint.minimumSentences)
        let starts = book.chapterStarts
        #expect(starts.count == 5)
        // Stopped ten sentences into the third chapter.
        let first = FakeEngine()
        #expect(throws: NarrateError.interrupted) {
            try book.render(engine: first, isCancelled: { first.spoken.count > starts[2] + 10 })
        }
        #expect(book.keptFolders.count == 1)
        let kept = book.library.location.audioDirectory + "/" + book.keptFolders[0]
        // The opening and the first two chapters are kept; the third, unfinished, is not.
        #expect(
            DirectoryEntries.names(kept).sorted() == [
                "part-0000.flac", "part-0000.json", "part-0001.flac", "part-0001.json", "part-0002.flac", "part-0002.json",
            ])

        let second = FakeEngine()
        let outcome = try book.render(engine: second)
        // Only the third chapter on is spoken again.
        #expect(second.spoken.count == book.sentences.count - starts[2])
        #expect(second.spoken.first == "Chapter 3")
        let whole = try Self.uninterrupted()
        #expect(outcome.sentenceSamples == whole.sentences)
        #expect(try Self.samples(outcome.render.path) == whole.samples)
        #expect(try book.library.renders.words(ofRender: outcome.render.id) == whole.words)
        // Once the render is in place, what was kept goes.
        #expect(book.keptFolders.isEmpty)
    }

    @Test func keptChaptersThatDoNotFitAreDroppedAndTheRenderStartsFromTheStart() throws {
        let book = try BookLibrary()
        let starts = book.chapterStarts
        let first = FakeEngine()
        #expect(throws: NarrateError.interrupted) {
            try book.render(engine: first, isCancelled: { first.spoken.count > starts[3] + 2 })
        }
        let kept = book.library.location.audioDirectory + "/" + book.keptFolders[0]
        // The second chapter's audio cut short, as a damaged disk might leave it.
        let audio = kept + "/part-0001.flac"
        let damaged = try #require(FileManager.default.contents(atPath: audio))
        try damaged.prefix(damaged.count / 2).write(to: URL(fileURLWithPath: audio))

        let second = FakeEngine()
        let outcome = try book.render(engine: second)
        #expect(second.spoken.count == book.sentences.count)
        let whole = try Self.uninterrupted()
        #expect(try Self.samples(outcome.render.path) == whole.samples)
        #expect(outcome.sentenceSamples == whole.sentences)
        #expect(book.keptFolders.isEmpty)
    }

    @Test func aStretchOfOneNarrationIsHandedOverAtEachBoundaryAndContinuesAnother() throws {
        let document = try MarkdownReader().read(Self.book, path: "book.md")
        let sentences = SentenceSegmenter(language: "en").sentences(of: document)
        let boundaries: Set<Int> = [61, 122]
        var stretches: [NarrationStretch] = []
        // An engine whose audio depends on what it said since it started afresh.
        let sink = SampleSink()
        let whole = try Narrator(engine: FakeEngine(carriesState: true)).narrate(
            document, sentences: sentences, voice: .standard, pauses: .standard, into: sink, boundaries: boundaries,
            stretchEnded: { stretches.append($0) }
        )
        #expect(stretches.map(\.firstSentence) == [0, 61])
        #expect(stretches.map(\.endSentence) == [61, 122])
        #expect(stretches[0].endFrame == stretches[1].startFrame)
        #expect(stretches.flatMap(\.timings) == Array(whole.timings.prefix(122)))
        // Going on from the first two stretches speaks the rest only, to the same end.
        let engine = FakeEngine(carriesState: true)
        let earlier = NarrationStretch(
            firstSentence: 0, endSentence: 122, startFrame: 0, endFrame: stretches[1].endFrame,
            timings: stretches.flatMap(\.timings), words: stretches.flatMap(\.words)
        )
        let restSink = SampleSink()
        var started: [Int] = []
        let rest = try Narrator(engine: engine).narrate(
            document, sentences: sentences, voice: .standard, pauses: .standard, into: restSink,
            sentenceStarted: { index, _ in started.append(index) }, continuing: earlier, boundaries: boundaries
        )
        // A player listening while it is made is told of every sentence, those spoken before first.
        #expect(started == Array(sentences.indices))
        #expect(engine.spoken.count == sentences.count - 122)
        #expect(restSink.samples.count == sink.samples.count - stretches[1].endFrame)
        let same = restSink.samples.elementsEqual(sink.samples[stretches[1].endFrame...])
        #expect(same, "the audio differs after the boundary")
        // Spread over processes too (a listener's render), going on gives the same audio.
        let helpers = InProcessSpeechParts()
        let spreadSink = SampleSink()
        let spread = try Narrator(engine: FakeEngine(carriesState: true)).narrate(
            document, sentences: sentences, voice: .standard, pauses: .standard, into: spreadSink,
            spread: SynthesisSpread(jobs: 3, helpers: helpers), continuing: earlier, boundaries: boundaries
        )
        #expect(helpers.started.count == 2)
        #expect(helpers.started.allSatisfy { part in part.texts.allSatisfy { !$0.isEmpty } }, "a helper was given sentences spoken before")
        #expect(spread.timings == whole.timings)
        let spreadSame = spreadSink.samples.elementsEqual(sink.samples[stretches[1].endFrame...])
        #expect(spreadSame, "the spread audio differs after the boundary")
        #expect(rest.timings == whole.timings)
        #expect(rest.words == whole.words)
        #expect(rest.frameCount == whole.frameCount)
    }

    @Test func aRemovedBookTakesWhatItKeptWithIt() throws {
        let book = try BookLibrary()
        let first = FakeEngine()
        #expect(throws: NarrateError.interrupted) {
            try book.render(engine: first, isCancelled: { first.spoken.count > book.chapterStarts[2] })
        }
        #expect(book.keptFolders.count == 1)
        _ = try book.library.articles.remove(ids: [book.articleId])
        #expect(book.keptFolders.isEmpty)
    }

    @Test func aShortArticleKeepsNoChapters() throws {
        let fixture = try LibraryFixture()
        _ = try ArticleRenderer(library: fixture.library, engine: FakeEngine()).render(
            articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false,
            isCancelled: { false }
        )
        #expect(DirectoryEntries.names(fixture.library.location.audioDirectory).allSatisfy { !$0.hasPrefix(".chapters-") })
    }
}
