import Testing

@testable import NarrateRendering

@Suite("The envelope of a sentence's audio, kept as it streams")
struct VoiceEnvelopeTests {
    /// Its steps' loudest magnitudes, however the audio arrives: in one block, or in blocks
    /// of any length cutting steps anywhere (the step-at-a-time loop it replaced, as reference).
    /// Half a millisecond, in whole eights of samples from 8 on (read eight at a time).
    @Test func stepsAreAboutHalfAMillisecond() {
        #expect(VoiceEnvelope(sampleRate: 22_050).step == 16)
        #expect(VoiceEnvelope(sampleRate: 16_000).step == 8 && VoiceEnvelope(sampleRate: 24_000).step == 16)
        #expect(VoiceEnvelope(sampleRate: 8_000).step == 4 && VoiceEnvelope(sampleRate: 1_000).step == 1)
    }

    @Test(arguments: [22_050, 8_000])
    func theSameStepsWhateverTheBlocks(_ sampleRate: Int) {
        var generator = SystemRandomNumberGenerator()
        let samples = (0..<10_007).map { index -> Int16 in
            index % 997 == 0 ? .min : Int16.random(in: -3_000...3_000, using: &generator) / Int16(1 + index % 7)
        }
        var whole = VoiceEnvelope(sampleRate: sampleRate)
        let step = whole.step
        var expected: [Int16] = []
        for start in stride(from: 0, to: samples.count - step + 1, by: step) {
            expected.append(samples[start..<start + step].map { $0 == .min ? .max : abs($0) }.max()!)
        }
        samples.withUnsafeBufferPointer { whole.append($0) }
        #expect(whole.peaks == expected)
        for blockLength in [1, 5, 11, 12, 16, 17, 100, 4_096] {
            var pieces = VoiceEnvelope(sampleRate: sampleRate)
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
