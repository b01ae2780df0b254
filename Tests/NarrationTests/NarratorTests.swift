import NarrateCore
import NarrateIngest
import NarrateRendering
import NarrateTestSupport
import NarrateText
import Testing

/// Records what is written: runs of speech and silence.
final class RecordingSink: AudioSink {
    let sampleRate = 1_000
    var events: [String] = []
    var total = 0

    func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        total += samples.count
        if let last = events.last, last.hasPrefix("speech ") {
            events[events.count - 1] = "speech \(Int(last.dropFirst(7))! + samples.count)"
        } else {
            events.append("speech \(samples.count)")
        }
    }

    func writeSilence(samples count: Int) throws {
        total += count
        events.append("silence \(count)")
    }
}

@Suite("Narration and pauses")
struct NarratorTests {
    let document = Document(
        title: "Title",
        blocks: [
            Block(kind: .heading(level: 1), text: "Title", sourceMap: .identity(sourceOffset: 0, length: 5)),
            Block(kind: .paragraph, text: "One. Two.", sourceMap: .identity(sourceOffset: 7, length: 9)),
            Block(kind: .listItem, text: "Three.", sourceMap: .identity(sourceOffset: 18, length: 6)),
        ],
        format: .markdown
    )

    @Test func pausesFollowSentencesParagraphsAndHeadings() throws {
        let engine = FakeEngine()
        let sink = RecordingSink()
        let pauses = PauseSettings(sentence: 300, paragraph: 700, heading: 900)
        let summary = try Narrator(engine: engine).narrate(document, voice: .standard, pauses: pauses, into: sink)
        #expect(engine.spoken == ["Title", "One.", "Two.", "Three."])
        #expect(
            sink.events == [
                "speech 50", "silence 900", "speech 40", "silence 300", "speech 40", "silence 700", "speech 60",
            ])
        #expect(summary.frameCount == sink.total)
        #expect(summary.timings.map(\.startFrame) == [0, 950, 1290, 2030])
        #expect(summary.duration == Double(sink.total) / 1000)
        #expect(engine.configured == .standard)
    }

    @Test func theEngineHearsTheNormalizedSentenceAndTimingsKeepTheText() throws {
        let engine = FakeEngine()
        let article = Document(
            title: "",
            blocks: [
                Block(
                    kind: .paragraph, text: "Д-р Іваненко живе на вул. Хрещатик. Ціна 5 грн.",
                    sourceMap: .identity(sourceOffset: 0, length: 47))
            ],
            format: .text
        )
        let lexicon = PronunciationLexicon(entries: ["Хрещатик": "Хреща́тик"])
        let summary = try Narrator(engine: engine, language: "uk", lexicon: lexicon)
            .narrate(article, voice: .standard, pauses: .standard, into: RecordingSink())
        #expect(engine.spoken == ["Доктор Іваненко живе на вулиці Хреща́тик.", "Ціна п'ять гривень."])
        #expect(summary.sentences.map(\.text) == ["Д-р Іваненко живе на вул. Хрещатик.", "Ціна 5 грн."])
    }

    @Test func defaultPausesSoundNatural() {
        let standard = PauseSettings.standard
        #expect(standard.sentence < standard.paragraph)
        #expect(standard.paragraph < standard.heading)
        #expect(standard.milliseconds(after: .paragraph, endsBlock: false) == standard.sentence)
        #expect(standard.milliseconds(after: .quote, endsBlock: true) == standard.paragraph)
        #expect(standard.milliseconds(after: .heading(level: 2), endsBlock: true) == standard.heading)
    }

    @Test func pausesOutOfRangeAreRejected() {
        #expect(throws: NarrateError.self) { try PauseSettings(sentence: -1, paragraph: 700, heading: 900).validate() }
        #expect(throws: NarrateError.self) { try PauseSettings(sentence: 300, paragraph: 10_001, heading: 900).validate() }
    }

    @Test func cancellationStopsWithInterrupted() throws {
        let engine = FakeEngine()
        let sink = RecordingSink()
        var polls = 0
        #expect(throws: NarrateError.interrupted) {
            try Narrator(engine: engine).narrate(
                document, voice: .standard, pauses: .standard, into: sink,
                isCancelled: {
                    polls += 1
                    return polls > 3
                }
            )
        }
        #expect(engine.spoken.count < 4)
    }

    @Test func everySpokenWordIsTimedOnTheWordTheReaderSees() throws {
        let document = try TextReader().read("Dr. Smith paid $5 million.\n\nThe end came.", path: "a.txt")
        let sink = RecordingSink()
        let summary = try Narrator(engine: FakeEngine(), language: "en")
            .narrate(document, voice: .standard, pauses: .standard, into: sink)
        let text = Array(document.blocks[0].text.unicodeScalars)
        let shown = summary.words.filter { $0.sentenceIndex == 0 }.map { String(String.UnicodeScalarView(text[$0.textRange])) }
        // "$5 million", said "five million dollars", is highlighted whole, once.
        #expect(shown == ["Dr", "Smith", "paid", "$5 million"])
        // In order, inside their sentence's speech, one after another.
        for sentence in summary.timings {
            let words = summary.words.filter { $0.sentenceIndex == sentence.sentenceIndex }
            #expect(!words.isEmpty)
            #expect(words.first?.startFrame == sentence.startFrame)
            let end = sentence.startFrame + sentence.frameCount
            #expect(words.allSatisfy { word in word.startFrame >= sentence.startFrame && word.startFrame + word.frameCount <= end })
            #expect(zip(words, words.dropFirst()).allSatisfy { $0.startFrame + $0.frameCount == $1.startFrame })
        }
        let second = summary.words.filter { $0.sentenceIndex == 1 }
        let secondText = Array(document.blocks[1].text.unicodeScalars)
        #expect(second.map { String(String.UnicodeScalarView(secondText[$0.textRange])) } == ["The", "end", "came"])
    }

    /// A word eSpeak NG reports where the silence before it begins (after a comma, at a
    /// sentence's start) is highlighted from its first sound; so is its sentence.
    @Test func wordsAndSentencesStartWithTheVoiceNotTheSilenceBeforeIt() throws {
        let engine = FakeEngine()
        engine.silenceBeforeWords = true
        let document = try TextReader().read("One, two three.\n\nFour five.", path: "a.txt")
        let summary = try Narrator(engine: engine, language: "en").narrate(
            document, voice: .standard, pauses: .standard, into: RecordingSink())
        let lead = FakeEngine.leadingSilence - 5 // 5 ms before the sound, at 1,000 Hz
        let first = summary.words.filter { $0.sentenceIndex == 0 }
        // "One" sounds from sample 50, "two" from 100 (reported at the comma, 80), "three" from 140.
        #expect(first.map(\.startFrame) == [lead, lead + 50, lead + 90])
        #expect(zip(first, first.dropFirst()).allSatisfy { $0.startFrame + $0.frameCount == $1.startFrame })
        #expect(summary.timings[0].startFrame == lead)
        #expect(summary.sentenceSamples[0].lowerBound == 0, "the first sentence still starts the file")
        let second = summary.words.filter { $0.sentenceIndex == 1 }
        let spokenEnd = FakeEngine.leadingSilence + "One, two three.".unicodeScalars.count * 10
        let pause = PauseSettings.standard.milliseconds(after: .paragraph, endsBlock: true)
        #expect(summary.timings[1].startFrame == spokenEnd + pause + lead)
        #expect(second.first?.startFrame == summary.timings[1].startFrame)
        #expect(summary.sentenceSamples[1].lowerBound == summary.timings[1].startFrame)
        #expect(summary.sentenceSamples[0].upperBound == summary.timings[1].startFrame)
    }
}
