import Foundation
import NarrateCore
import NarrateRendering
import NarrateTestSupport
import NarrateText
import Testing

/// Reading choices as narration applies them: parts not read take no time and no pause,
/// asides not read are not heard, and the choices come from the defaults, the library, a
/// preset and the request, in that order.
@Suite("Reading choices in narration")
struct ReadingChoiceNarrationTests {
    let document = Document(
        title: "Title",
        blocks: [
            Block(
                kind: .heading(level: 1), text: "Title[edit]", sourceMap: .identity(sourceOffset: 0, length: 11),
                asides: [Block.Aside(range: 5..<11, part: .apparatus)]
            ),
            Block(
                kind: .paragraph, text: "One. Two.[1]", sourceMap: .identity(sourceOffset: 12, length: 12),
                asides: [Block.Aside(range: 9..<12, part: .apparatus)]
            ),
            Block(kind: .heading(level: 2), text: "References", sourceMap: .identity(sourceOffset: 30, length: 10), part: .references),
            Block(kind: .listItem, text: "Smith.", sourceMap: .identity(sourceOffset: 41, length: 6), part: .references),
        ],
        format: .html
    )

    @Test func partsNotReadTakeNoTimeAndNoPause() throws {
        let engine = FakeEngine()
        let sink = RecordingSink()
        let pauses = PauseSettings(sentence: 300, paragraph: 700, heading: 900)
        let summary = try Narrator(engine: engine).narrate(document, voice: .standard, pauses: pauses, into: sink)
        // The markers are spaces (the engine skips them); the references are not spoken.
        #expect(engine.spoken == ["Title", "One.", "Two."])
        #expect(sink.events == ["speech 50", "silence 900", "speech 40", "silence 300", "speech 40"])
        #expect(summary.sentences.count == 5)
        #expect(summary.timings.map(\.frameCount) == [50, 40, 40, 0, 0])
        // The skipped ones start where the audio ends: their place is empty.
        #expect(summary.sentenceSamples.suffix(2).allSatisfy { $0.isEmpty })
        #expect(summary.frameCount == sink.total)
        // The words highlighted are the ones heard, never the marker.
        #expect(!summary.words.contains { $0.sentenceIndex == 2 && $0.textRange.upperBound > 9 })
    }

    @Test func readingEverythingReadsTheReferences() throws {
        let engine = FakeEngine()
        let sink = RecordingSink()
        let choices = ReadingChoices(read: Set(ReadingPart.choosable))
        _ = try Narrator(engine: engine).narrate(document, voice: .standard, pauses: .standard, reading: choices, into: sink)
        #expect(engine.spoken == ["Title", "One.", "Two.", "References", "Smith."])
    }

    @Test func anArticleWithNothingReadSaysSo() {
        let references = Document(
            title: "Refs",
            blocks: [Block(kind: .listItem, text: "Smith.", sourceMap: .identity(sourceOffset: 0, length: 6), part: .references)],
            format: .html
        )
        #expect(throws: NarrateError.noSpeakableText(path: "Refs")) {
            try Narrator(engine: FakeEngine()).narrate(references, voice: .standard, pauses: .standard, into: RecordingSink())
        }
    }

    @Test func headingsNotReadMakeNoChapter() throws {
        let summary = try Narrator(engine: FakeEngine()).narrate(document, voice: .standard, pauses: .standard, into: RecordingSink())
        let samples = summary.sentenceSamples.map { Int64($0.lowerBound)..<Int64($0.upperBound) }
        let chapters = ChapterList(document: document, sentences: summary.sentences, samples: samples, sampleRate: 1_000)
        #expect(chapters.chapters.map(\.title) == ["Title"])
    }

    @Test func choicesComeFromTheLibraryThenThePresetThenTheRequest() throws {
        let scratch = try ScratchDirectory()
        _ = try scratch.write(
            "with-refs.json", text: #"{"name": "with-refs", "voice": "en-us", "read": ["references"], "skip": ["tables"]}"#)
        let presets = VoicePresetLibrary(directories: [scratch.path])
        let library = ReadingChoices.standard.changed(read: [.footnotes], skip: [])
        #expect(try VoiceRequest().reading(presets: presets, base: library) == library)
        let preset = try VoiceRequest(preset: "with-refs").reading(presets: presets, base: library)
        #expect(preset.readInOrder == [.references, .footnotes, .images, .code, .urls])
        let asked = try VoiceRequest(preset: "with-refs", read: [.tables], skip: [.references]).reading(presets: presets, base: library)
        #expect(asked.readInOrder == [.footnotes, .images, .tables, .code, .urls])
        // A request with parts survives JSON, as a queued job carries it.
        let request = VoiceRequest(read: [.references], skip: [.urls])
        let decoded = try JSONDecoder().decode(VoiceRequest.self, from: JSONEncoder().encode(request))
        #expect(decoded == request)
    }

    @Test func aPresetNamingAnUnknownPartIsRefused() {
        #expect {
            try VoicePreset.parse(Array(#"{"name": "x", "voice": "uk", "skip": ["edits"]}"#.utf8), location: "x.json")
        } throws: { error in
            "\(error)".contains("'edits' in 'skip' is not a part narrate reads or skips")
        }
    }

    @Test func theChoicesAreInTheRenderKey() {
        let settings = RenderSettings(voice: .standard, pauses: .standard, lexicon: .init(), language: "en")
        var other = settings
        other.reading = ReadingChoices(read: [.references])
        #expect(settings.description(engineVersion: "1", sampleRate: 22_050) != other.description(engineVersion: "1", sampleRate: 22_050))
    }
}
