import Foundation
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateRendering
import NarrateTestSupport
import Testing

/// What a player page shows while it plays, in process with a fake engine: blocks,
/// sentences and words timed in the render, the word at a time, and the saved position.
@Suite("Article transcript")
struct ArticleTranscriptTests {
    let fixture: LibraryFixture
    let outcome: ArticleRenderer.Outcome

    init() throws {
        fixture = try LibraryFixture()
        outcome = try ArticleRenderer(library: fixture.library, engine: FakeEngine()).render(
            articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false
        )
    }

    func transcript() throws -> ArticleTranscript {
        try ArticleTranscript(
            articleId: fixture.articleId, library: fixture.library, render: outcome.render, sentenceSamples: outcome.sentenceSamples
        )
    }

    @Test func sentencesAndWordsAreTimedOnTheTextTheListenerReads() throws {
        let transcript = try transcript()
        #expect(transcript.title == "The lighthouse")
        #expect(transcript.blocks.map(\.kind) == ["heading", "paragraph", "paragraph"])
        #expect(transcript.sentences.count == 5 && transcript.words.count == 23)
        #expect(transcript.sentences.last?.endSeconds == transcript.duration)
        for word in transcript.words {
            let sentence = transcript.sentences[word.sentence]
            #expect(word.block == sentence.block && word.start >= sentence.start && word.end <= sentence.end)
            #expect(word.startSeconds >= sentence.startSeconds && word.endSeconds <= sentence.endSeconds)
        }
        let text = Array(transcript.blocks[1].text.unicodeScalars)
        let keeper = try #require(
            transcript.words.first { String(String.UnicodeScalarView(text[$0.start..<$0.end])) == "keeper" && $0.block == 1 })
        #expect(transcript.word(at: keeper.startSeconds) == keeper)
        #expect(transcript.word(at: (keeper.startSeconds + keeper.endSeconds) / 2) == keeper)
        #expect(transcript.word(at: -1) == nil)
        #expect(transcript.position == nil)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(transcript)) as? [String: Any]
        #expect((json?["words"] as? [[String: Any]])?.count == 23)
    }

    @Test func thePositionStartsAtItsWordWhenItHasOne() throws {
        let before = try transcript()
        let word = before.words[10]
        try fixture.library.positions.savePosition(
            articleId: fixture.articleId, sentence: word.sentence, word: word.start, finished: false, device: "phone"
        )
        let position = try #require(try transcript().position)
        #expect(position.sentence == word.sentence && position.word == word.start && position.device == "phone")
        #expect(position.seconds == word.startSeconds)
        try fixture.library.positions.savePosition(articleId: fixture.articleId, sentence: 3, finished: false)
        #expect(try transcript().position?.seconds == before.sentences[3].startSeconds)
    }
}
