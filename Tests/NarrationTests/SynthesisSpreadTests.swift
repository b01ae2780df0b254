import Foundation
import NarrateCore
import NarrateTestSupport
import NarrateText
import Testing

@testable import NarrateRendering
@testable import NarrateSpread

/// Keeps every sample written, to compare narrations sample for sample.
final class SampleSink: AudioSink {
    let sampleRate = 1_000
    var samples: [Int16] = []

    func write(_ samples: UnsafeBufferPointer<Int16>) throws { self.samples += samples }
    func writeSilence(samples count: Int) throws { samples += repeatElement(0, count: count) }
}

/// Helpers in this process: each part recorded by an engine of its own (a new process's),
/// into an unlinked file, as `ProcessSpeechParts` does in another process.
final class InProcessSpeechParts: SpeechPartHelpers, @unchecked Sendable {
    var started: [SpeechPart] = []
    /// Parts whose helper fails (numbered from 0 in the order started).
    var failing: Set<Int> = []

    func start(_ part: SpeechPart) throws -> any SpeechPartJob {
        started.append(part)
        let path = NSTemporaryDirectory() + "narrate-part-\(UUID().uuidString)"
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        unlink(path)
        let fails = failing.contains(started.count - 1)
        if !fails {
            try SpeechPartRecording.record(part, engine: FakeEngine(carriesState: true), descriptor: descriptor)
        }
        return Job(descriptor: descriptor, fails: fails)
    }

    final class Job: SpeechPartJob {
        let descriptor: Int32
        let fails: Bool
        init(descriptor: Int32, fails: Bool) {
            self.descriptor = descriptor
            self.fails = fails
        }
        func finish() -> SpeechPartReader? {
            if fails {
                close(descriptor)
                return nil
            }
            return SpeechPartReader(descriptor: descriptor, closesDescriptor: true)
        }
        func cancel() {}
    }
}

@Suite("One article over several processes")
struct SynthesisSpreadTests {
    /// Eighty paragraphs of five sentences, about 30,000 characters: cut eight times.
    let document: Document = {
        let blocks = (0..<80).map { number in
            let text = (0..<5).map { "Sentence \($0) of paragraph \(number) has a few words in it, then ends here." }.joined(separator: " ")
            return Block(
                kind: number % 10 == 0 ? .heading(level: 2) : .paragraph, text: text,
                sourceMap: .identity(sourceOffset: 0, length: text.count))
        }
        return Document(title: "Long", blocks: blocks, format: .text)
    }()

    func narrate(jobs: Int?, helpers: InProcessSpeechParts = InProcessSpeechParts()) throws -> (NarrationSummary, [Int16], FakeEngine) {
        let engine = FakeEngine(carriesState: true)
        let sink = SampleSink()
        let spread = jobs.map { SynthesisSpread(jobs: $0, helpers: helpers) }
        let summary = try Narrator(engine: engine).narrate(document, voice: .standard, pauses: .standard, into: sink, spread: spread)
        return (summary, sink.samples, engine)
    }

    @Test(arguments: [2, 3, 4, 8])
    func spreadOverProcessesItIsTheSameSampleForSample(_ jobs: Int) throws {
        let (alone, aloneSamples, aloneEngine) = try narrate(jobs: nil)
        let helpers = InProcessSpeechParts()
        let (spread, spreadSamples, engine) = try narrate(jobs: jobs, helpers: helpers)
        #expect(helpers.started.count == jobs - 1)
        // The helpers spoke their runs; this process only its own.
        #expect(engine.spoken.count + helpers.started.map(\.texts.count).reduce(0, +) == alone.sentences.count)
        #expect(spreadSamples == aloneSamples)
        #expect(spread.timings == alone.timings)
        #expect(spread.words == alone.words)
        #expect(spread.frameCount == alone.frameCount)
        // The engine started afresh at the same points either way (the fake's audio depends on it).
        #expect(aloneEngine.resets == 7)
        #expect(Set(aloneSamples).count > 2)
    }

    @Test func helpersMakeTheSpokenFormsThemselvesAsThisProcessWould() throws {
        // Text the normalizer changes (an abbreviation, a URL, a symbol) and lexicon entries
        // of both kinds: the helpers, given the sentences as written, must hear what this
        // process would have, and the word timings must point at the same words.
        let blocks = (0..<80).map { number in
            let text = (0..<5).map { "Dr. Smith of the US runs nginx on example.com/\($0) at 50% in paragraph \(number)." }
                .joined(separator: " ")
            return Block(kind: .paragraph, text: text, sourceMap: .identity(sourceOffset: 0, length: text.count))
        }
        let document = Document(title: "Spoken", blocks: blocks, format: .text)
        let lexicon = PronunciationLexicon(entries: ["nginx": "engine x", "US": "you ess"])
        func narrate(spread: SynthesisSpread?) throws -> (NarrationSummary, [Int16], FakeEngine) {
            let engine = FakeEngine(carriesState: true)
            let sink = SampleSink()
            let narrator = Narrator(engine: engine, language: "en", lexicon: lexicon)
            let summary = try narrator.narrate(document, voice: .standard, pauses: .standard, into: sink, spread: spread)
            return (summary, sink.samples, engine)
        }
        let (alone, aloneSamples, aloneEngine) = try narrate(spread: nil)
        let helpers = InProcessSpeechParts()
        let (spread, spreadSamples, engine) = try narrate(spread: SynthesisSpread(jobs: 2, helpers: helpers))
        #expect(helpers.started.count == 1)
        // The helper was given the sentences as written, with the language and the lexicon.
        #expect(helpers.started[0].texts.allSatisfy { $0.hasPrefix("Dr. Smith") })
        #expect(
            helpers.started[0].normalization == SpeechPart.Normalization(language: "en", lexicon: ["nginx": "engine x", "US": "you ess"]))
        // What the engines heard, together, is what one engine heard alone.
        #expect(aloneEngine.spoken.contains { $0.contains("engine x") && $0.contains("you ess") && !$0.contains("Dr.") })
        #expect(engine.spoken == Array(aloneEngine.spoken.prefix(engine.spoken.count)))
        #expect(spreadSamples == aloneSamples)
        #expect(spread.timings == alone.timings)
        #expect(spread.words == alone.words)
        #expect(!spread.words.isEmpty)
    }

    @Test func aHelperThatFailsLeavesItsRunToThisProcess() throws {
        let (_, aloneSamples, _) = try narrate(jobs: nil)
        let helpers = InProcessSpeechParts()
        helpers.failing = [0]
        let (_, samples, engine) = try narrate(jobs: 3, helpers: helpers)
        #expect(samples == aloneSamples)
        #expect(engine.spoken.count > helpers.started[1].texts.count)
    }

    @Test func shortTextsStayInOneProcess() throws {
        let short = Document(
            title: "Short", blocks: [Block(kind: .paragraph, text: "One. Two. Three.", sourceMap: .identity(sourceOffset: 0, length: 16))],
            format: .text)
        let helpers = InProcessSpeechParts()
        let engine = FakeEngine(carriesState: true)
        _ = try Narrator(engine: engine).narrate(
            short, voice: .standard, pauses: .standard, into: SampleSink(), spread: SynthesisSpread(jobs: 4, helpers: helpers)
        )
        #expect(helpers.started.isEmpty)
        #expect(engine.resets == 0)
    }

    /// A voice that uses every core itself (a neural model's threads) is not spread over
    /// processes, whose threads together would ask for more cores than there are.
    @Test func anEngineUsingEveryCoreStaysInOneProcess() throws {
        let helpers = InProcessSpeechParts()
        let engine = FakeEngine()
        engine.usesEveryCore = true
        let sink = SampleSink()
        let summary = try Narrator(engine: engine).narrate(
            document, voice: .standard, pauses: .standard, into: sink, spread: SynthesisSpread(jobs: 4, helpers: helpers)
        )
        #expect(helpers.started.isEmpty)
        #expect(engine.spoken.count == summary.sentences.count)
    }

    @Test func aNarrationAfterAnotherStartsAfresh() throws {
        let engine = FakeEngine(carriesState: true)
        let first = SampleSink()
        let second = SampleSink()
        _ = try Narrator(engine: engine).narrate(document, voice: .standard, pauses: .standard, into: first)
        _ = try Narrator(engine: engine).narrate(document, voice: .standard, pauses: .standard, into: second)
        #expect(first.samples == second.samples)
    }

    @Test func runsAreCutOnlyWhereTheEngineStartsAfresh() {
        let lengths = (0..<500).map { 20 + $0 % 60 }
        let resets = EngineResets.points(lengths: lengths)
        #expect(resets.count == 7)
        #expect(resets == resets.sorted())
        for jobs in 1...10 {
            let runs = SynthesisSpread(jobs: jobs, helpers: InProcessSpeechParts()).runs(lengths: lengths, resets: resets)
            #expect(runs.count == min(jobs, 8))
            #expect(runs.first?.lowerBound == 0)
            #expect(runs.last?.upperBound == lengths.count)
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && resets.contains($1.lowerBound) })
            #expect(runs.allSatisfy { !$0.isEmpty })
        }
    }
}
