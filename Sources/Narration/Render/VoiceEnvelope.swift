/// Where the voice is heard in one sentence's audio, kept as the audio streams past: the
/// loudest sample of every few, so that a word's start can be moved from the silence an
/// engine reports it at (after a comma, at a sentence's start) to its first sound. It holds
/// one value for every step of samples: a sentence of a minute at 22,050 Hz, 240 KB.
struct VoiceEnvelope {
    /// Samples per step of the envelope: half a millisecond (11 at 22,050 Hz).
    let step: Int

    /// An envelope of audio at `sampleRate` samples a second.
    init(sampleRate: Int) {
        step = max(1, sampleRate / 2_000)
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
        for sample in samples {
            let magnitude = sample == .min ? .max : abs(sample)
            if magnitude > current { current = magnitude }
            filled += 1
            if filled == step {
                peaks.append(current)
                current = 0
                filled = 0
            }
        }
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
    /// samples counted as voice (the stops inside a word); nil when `sample` is silent.
    func voiceStart(at sample: Int, bridging: Int, threshold: Int16) -> Int? {
        var index = sample / step
        guard index < peaks.count, peaks[index] >= threshold else { return nil }
        var quiet = 0
        var start = index
        while index > 0 {
            index -= 1
            if peaks[index] >= threshold {
                start = index
                quiet = 0
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

    /// Forgets the sentence, keeping the storage for the next.
    mutating func removeAll() {
        peaks.removeAll(keepingCapacity: true)
        current = 0
        filled = 0
    }
}
