import Foundation
import NarrateAudio
import NarrateCore
import NarrateImport
import NarrateLibrary
import NarrateRendering
import NarrateTestSupport
import Testing

/// What narrate would read, in process: an input's sentences with their source ranges and
/// spoken forms, a page's extract, and a library article's details.
@Suite("Article inspection")
struct ArticleInspectionTests {
    let scratch: ScratchDirectory
    let presets = VoicePresetLibrary(directories: [])

    init() throws {
        scratch = try ScratchDirectory()
    }

    @Test func sentencesKeepTheirSourceRangesInScalarsAndBytes() throws {
        let text = "Café au lait costs $3.\nDr. Smith paid.\n"
        let input = try scratch.write("a.txt", text: text)
        let listing = try SentenceListing(input: input, language: "en", presets: presets)
        #expect(listing.sentences.count == 2)
        let first = listing.sentences[0]
        #expect(first.text == "Café au lait costs $3.")
        #expect(first.start == 0 && first.end == 22)
        #expect(first.byteStart == 0 && first.byteEnd == 23)
        let second = listing.sentences[1]
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[second.byteStart..<second.byteEnd], as: UTF8.self) == second.text)
        #expect(second.spoken.contains("Doctor"))
    }

    @Test func aSentenceAcrossLinesIsOneLine() throws {
        let input = try scratch.write("a.md", text: "One sentence  \n  across two lines.\n")
        let listing = try SentenceListing(input: input, presets: presets)
        #expect(listing.sentences.map(\.line) == ["One sentence across two lines."])
    }

    @Test func theLanguageCodeIsChecked() throws {
        let input = try scratch.write("a.txt", text: "Words.\n")
        #expect(throws: NarrateError.self) { try SentenceListing(input: input, language: "12", presets: presets) }
    }

    @Test func anExtractDropsTheTitleHeadingAndKeepsTheMetadata() throws {
        let page = """
            <html lang="en"><head><title>Night trains</title><meta name="author" content="Ann Lee"></head>
            <body><article><h1>Night trains</h1><p>They run while we sleep, carrying letters and people across the land.</p>
            <p>Some of them have run for a century, and the sleepers still rock the same way.</p></article></body></html>
            """
        let extract = try ArticleExtract(input: try scratch.write("trains.html", text: page), environment: [:])
        #expect(extract.title == "Night trains")
        #expect(extract.language == "en")
        #expect(extract.text.hasPrefix("They run while we sleep"))
        #expect(!extract.text.contains("Night trains"))
        let json = String(decoding: try JSONEncoder().encode(extract), as: UTF8.self)
        #expect(json.contains("\"url\":null"))
    }

    @Test func detailsNameTheVoiceTheLanguagePicksAndListSentences() throws {
        let fixture = try LibraryFixture()
        let details = try ArticleDetails(id: fixture.articleId, library: fixture.library, withSentences: true, engine: { FakeEngine() })
        #expect(details.title == "The lighthouse")
        #expect(details.voice == "gmw/en-US" || details.voice == "en-us", "\(details.voice)")
        #expect(details.sentences?.count == 5)
        #expect(details.sentences?.first?.text == "The lighthouse")
        #expect(details.text.hasPrefix("The lighthouse\n\nThe keeper"))
        let kept = try fixture.addArticle("Kept\n\nIts own voice.\n", voice: "uk")
        var started = false
        let own = try ArticleDetails(
            id: kept, library: fixture.library, withSentences: false,
            engine: {
                started = true
                return FakeEngine()
            })
        #expect(own.voice == "uk")
        #expect(own.sentences == nil)
        #expect(!started, "an article with a voice of its own needs no engine")
        #expect(throws: NarrateError(LibraryError.noSuchArticle(id: 99))) {
            try ArticleDetails(id: 99, library: fixture.library, withSentences: false, engine: { nil })
        }
    }
}
