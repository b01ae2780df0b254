/// Where the voice is heard in one sentence's audio, kept as the audio streams past: the
/// loudest sample of every few, so that a word's start can be moved from the silence an
/// engine reports it at (after a comma, at a sentence's start) to its first sound. It holds
/// one value for every step of samples: a sentence of a minute at 22,050 Hz, 240 KB.
struct VoiceEnvelope {
    /// Samples per step of the envelope: half a millisecond, rounded up to whole eights from 8
    /// samples on, so that a step is read eight samples at a time (16 at 22,050 Hz, 0.73 ms).
    let step: Int

    /// How long before its first sound a word or sentence starts (5 ms): a listener who
    /// jumps to it hears the sound's attack whole, and the highlight is on the voice.
    let lead: Int
    /// The shortest silence that is a pause (60 ms): shorter ones are stops inside a word.
    let pause: Int

    /// An envelope of audio at `sampleRate` samples a second.
    init(sampleRate: Int) {
        let half = max(1, sampleRate / 2_000)
        step = half < 8 ? half : (half + 7) / 8 * 8
        lead = sampleRate * 5 / 1_000
        pause = sampleRate * 60 / 1_000
    }
    /// A step is voiced when its loudest sample reaches this fraction of the sentence's
    /// loudest (-40 dB), and at least `floor`: an engine's silences are zeros (eSpeak NG) or
    /// a neural voice's faint hiss.
    static let relativeThreshold = 100
    static let floor: Int16 = 64

    /// The loudest magnitude of each step so far.
    private(set) var peaks: [Int16] = []
    private var current: Int16 = 0
    private var filled = 0

    /// Adds the next samples of the sentence.
    mutating func append(_ samples: UnsafeBufferPointer<Int16>) {
        guard var sample = samples.baseAddress else { return }
        var remaining = samples.count
        // The step begun by the last block, finished first.
        if filled > 0 {
            let count = min(step - filled, remaining)
            current = Self.loudest(sample, count: count, from: current)
            filled += count
            sample += count
            remaining -= count
            guard filled == step else { return }
            peaks.append(current)
            (current, filled) = (0, 0)
        }
        // Whole steps, eight samples at a time, into room made once for the block (a sample
        // at a time and an append a step, the envelope cost 1.4% of an eSpeak NG conversion's
        // instructions; now 0.6%).
        let eights = step / 8
        let whole = remaining / step
        if whole > 0 {
            let first = peaks.count
            peaks.append(contentsOf: repeatElement(0, count: whole))
            peaks.withUnsafeMutableBufferPointer { peaks in
                for index in first..<(first + whole) {
                    peaks[index] = eights > 0 ? Self.loudest(sample, eights: eights) : Self.loudest(sample, count: step, from: 0)
                    sample += step
                }
            }
            remaining -= whole * step
        }
        if remaining > 0 {
            current = Self.loudest(sample, count: remaining, from: 0)
            filled = remaining
        }
    }

    /// The largest magnitude (at most `Int16.max`) of `eights` times 8 samples from `start`:
    /// the highest and the lowest sample of each of 8 lanes, then of all.
    @inline(__always)
    private static func loudest(_ start: UnsafePointer<Int16>, eights: Int) -> Int16 {
        let raw = UnsafeRawPointer(start)
        var highs = SIMD8<Int16>(repeating: 0)
        var lows = SIMD8<Int16>(repeating: 0)
        for eight in 0..<eights {
            let samples = raw.loadUnaligned(fromByteOffset: eight &* 16, as: SIMD8<Int16>.self)
            highs = pointwiseMax(highs, samples)
            lows = pointwiseMin(lows, samples)
        }
        // -32768 counts as 32767, as everywhere else.
        let low = max(lows.min(), -Int16.max)
        return max(highs.max(), -low)
    }

    /// The largest magnitude of `count` samples from `start`, or `floor` when that is larger
    /// (the parts of a step that blocks cut).
    private static func loudest(_ start: UnsafePointer<Int16>, count: Int, from floor: Int16) -> Int16 {
        var loudest = floor.magnitude
        for offset in 0..<count {
            loudest = max(loudest, start[offset].magnitude)
        }
        return Int16(min(loudest, UInt16(Int16.max)))
    }

    /// The loudest magnitude of the sentence that counts as voice.
    var threshold: Int16 {
        let loudest = max(peaks.max() ?? 0, current)
        return max(Self.floor, loudest / Int16(Self.relativeThreshold))
    }

    /// The first sample at or after `start` and before `end` (both from the sentence's first
    /// sample) where the voice is heard, at the resolution of a step; nil when it is silent
    /// all that while.
    func onset(from start: Int, before end: Int, threshold: Int16) -> Int? {
        guard start < end else { return nil }
        var index = start / step
        while index < peaks.count, index * step < end {
            if peaks[index] >= threshold { return max(start, index * step) }
            index += 1
        }
        return nil
    }

    /// Where the stretch of voice heard at `sample` began, gaps shorter than `bridging`
    /// samples counted as voice (the stops inside a word); nil when `sample` is silent. A
    /// stretch found to begin at or before `limit` is not followed further back: its start is
    /// then at most `limit`, which is all a caller asking from there needs to know.
    func voiceStart(at sample: Int, bridging: Int, threshold: Int16, limit: Int = 0) -> Int? {
        var index = sample / step
        guard index < peaks.count, peaks[index] >= threshold else { return nil }
        var quiet = 0
        var start = index
        while index > 0 {
            index -= 1
            if peaks[index] >= threshold {
                start = index
                quiet = 0
                if start * step <= limit { break }
            } else {
                quiet += step
                if quiet >= bridging { break }
            }
        }
        return start * step
    }

    /// Whether the voice is heard anywhere from `start` up to `end`.
    func isVoiced(from start: Int, before end: Int, threshold: Int16) -> Bool {
        onset(from: start, before: end, threshold: threshold) != nil
    }

    /// Moves the start of each of the sentence's `words` from where the engine reported it
    /// (often the silence before it: a comma's pause, the sentence's leading silence) to
    /// `lead` before its first sound, the word before it lasting until then; `start` and `end`
    /// are the sentence's first and last samples in the narration. Returns the sentence's
    /// start, `lead` before its first sound (or `start` when it is silent).
    func placeOnTheVoice(_ words: inout [WordTiming], start: Int, end: Int) -> Int {
        let threshold = self.threshold
        for index in words.indices {
            let wordStart = words[index].startFrame - start
            let wordEnd = wordStart + words[index].frameCount
            guard let onset = onset(from: wordStart, before: wordEnd, threshold: threshold) else { continue }
            let moved = max(wordStart, onset - lead)
            guard moved > wordStart else { continue }
            words[index].startFrame = start + moved
            words[index].frameCount = wordEnd - moved
            if index > 0 { words[index - 1].frameCount += moved - wordStart }
        }
        // A word whose reported start is late (a neural voice's, its phonemes' durations put
        // after the pause before it): its voice began after a pause inside the word before it,
        // and went on without a break to where the word is said to start.
        for index in words.indices.dropFirst() {
            let wordStart = words[index].startFrame - start
            let previousStart = words[index - 1].startFrame - start
            guard wordStart > 0,
                // Only a start after the word before it (and a pause) counts: looked for no further back.
                let voiceStart = voiceStart(at: wordStart - 1, bridging: pause, threshold: threshold, limit: previousStart + pause),
                voiceStart - pause > previousStart,
                !isVoiced(from: voiceStart - pause, before: voiceStart, threshold: threshold),
                isVoiced(from: previousStart, before: voiceStart - pause, threshold: threshold)
            else { continue }
            let moved = max(voiceStart - lead, previousStart + 1)
            words[index - 1].frameCount -= wordStart - moved
            words[index].frameCount += wordStart - moved
            words[index].startFrame = start + moved
        }
        guard let onset = onset(from: 0, before: end - start, threshold: threshold) else { return start }
        let sentenceStart = start + max(0, onset - lead)
        // The first word starts with the sentence's first sound, whether the engine reported
        // it before (its silence) or a moment after (a quotation mark before it).
        if let first = words.first, first.startFrame != sentenceStart {
            let moved = min(sentenceStart, first.startFrame + first.frameCount)
            words[0].frameCount -= moved - first.startFrame
            words[0].startFrame = moved
        }
        return sentenceStart
    }

    /// Forgets the sentence, keeping the storage for the next.
    mutating func removeAll() {
        peaks.removeAll(keepingCapacity: true)
        current = 0
        filled = 0
    }
}
