@testable import Narration
import Testing

@Suite("The envelope of a sentence's audio, kept as it streams")
struct VoiceEnvelopeTests {
    /// Its steps' loudest magnitudes, however the audio arrives: in one block, or in blocks
    /// of any length cutting steps anywhere (the step-at-a-time loop it replaced, as reference).
    @Test func theSameStepsWhateverTheBlocks() {
        var generator = SystemRandomNumberGenerator()
        let samples = (0..<10_007).map { index -> Int16 in
            index % 997 == 0 ? .min : Int16.random(in: -3_000...3_000, using: &generator) / Int16(1 + index % 7)
        }
        var expected: [Int16] = []
        for start in stride(from: 0, to: samples.count - 11 + 1, by: 11) {
            expected.append(samples[start..<start + 11].map { $0 == .min ? .max : abs($0) }.max()!)
        }
        var whole = VoiceEnvelope(sampleRate: 22_050)
        samples.withUnsafeBufferPointer { whole.append($0) }
        #expect(whole.step == 11)
        #expect(whole.peaks == expected)
        for blockLength in [1, 5, 11, 12, 100, 4_096] {
            var pieces = VoiceEnvelope(sampleRate: 22_050)
            var start = 0
            while start < samples.count {
                let end = min(samples.count, start + blockLength + start % 3)
                samples[start..<end].withUnsafeBufferPointer { pieces.append($0) }
                start = end
            }
            #expect(pieces.peaks == expected, "blocks of about \(blockLength)")
        }
        // The loudest of the sentence counts the unfinished last step too.
        #expect(whole.threshold == max(VoiceEnvelope.floor, Int16.max / Int16(VoiceEnvelope.relativeThreshold)))
    }
}
