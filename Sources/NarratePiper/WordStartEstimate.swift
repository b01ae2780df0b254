/// Where the words of a sentence start when the model does not say how long each phoneme
/// lasts: the silences in the sentence's own audio are matched to the clause punctuation
/// that made them, to the start and end of the voice, and short silences to the closures of
/// the stops words start with; between those anchors each id is given the time its sound (or
/// an id of its kind) takes on average (measured on a Piper voice), scaled to the span. The
/// voice's silences are exact; only the speech between them is estimated.
enum WordStartEstimate {
    /// Frames an id of each kind lasts on average, in relation to one another (measured on
    /// en_US-joe-medium over the news sample: a sound or pad about 2 frames, a word space 2.6,
    /// clause punctuation 6).
    static func weight(_ kind: PhonemeSequence.Kind) -> Double {
        switch kind {
        case .boundary: 2.5
        case .pad: 2
        case .sound: 2.05
        case .space: 2.6
        case .pause: 6
        }
    }

    /// Frames an id of `kind` standing for `symbol` lasts on average: a sound's own when it
    /// was measured, else its kind's.
    static func weight(_ kind: PhonemeSequence.Kind, _ symbol: Unicode.Scalar) -> Double {
        guard kind == .sound, let frames = soundFrames[symbol] else { return weight(kind) }
        return frames - weight(.pad)
    }

    /// Frames a sound and the pad after it last on average, measured on en_US-joe-medium's
    /// own durations over the news and field-notes samples (as `WordEstimateTests` measures
    /// them again), the sounds heard at least 40 times; by their relation to one another
    /// (a stress mark or a "z" longer than a "ð") they serve other voices too.
    static let soundFrames: [Unicode.Scalar: Double] = [
        "ˈ": 4.96, "ɪ": 4.16, "n": 4.06, "t": 4.04, "ː": 3.67, "ɹ": 3.73, "s": 4.44, "d": 3.84, "ə": 3.86, "l": 3.97, "i": 4.22, "ɛ": 4.28,
        "k": 4.19, "æ": 4.40, "ð": 3.60, "m": 3.87, "a": 4.95, "ʊ": 3.67, "z": 4.93, "p": 3.97, "ˌ": 4.14, "w": 3.45, "ʌ": 3.64, "ɚ": 4.44,
        "f": 3.78, "o": 4.45, "b": 3.57, "v": 4.03, "ʃ": 4.69, "e": 4.91, "ɐ": 4.09, "ɑ": 4.42, "u": 3.67, "ɔ": 4.15, "h": 4.30, "ŋ": 4.41,
        "ɾ": 4.37, "ᵻ": 4.69, "ɡ": 3.86, "j": 3.43,
    ]

    /// How much longer than its weight each id lasts for coming just before a pause or the
    /// sentence's end: a voice slows down over a phrase's last sounds. Measured on
    /// en_US-joe-medium's own durations over the samples (3,300 words), against the sounds'
    /// weights: the last three sounds before a pause and their pads last 1.5 to 1.6 times as
    /// long, the fourth 1.35, the fifth 1.2, the rest 0.95; estimated without it, a clause's
    /// words start late (by 28 ms on average, most of all just before a pause).
    static func finalLengthening(_ kinds: [PhonemeSequence.Kind]) -> [Double] {
        var factors = [Double](repeating: 1, count: kinds.count)
        // Sounds from here to the next pause (or the end), while within reach of one.
        var sounds: Int?
        for index in kinds.indices.reversed() {
            switch kinds[index] {
            case .pause, .boundary:
                sounds = 0
            case .space:
                if let counted = sounds, counted >= lengtheningBySound.count { sounds = nil }
            case .sound, .pad:
                guard var counted = sounds else { continue }
                if kinds[index] == .sound { counted += 1 }
                sounds = counted
                if counted < lengtheningBySound.count { factors[index] = lengtheningBySound[counted] }
            }
        }
        return factors
    }

    /// `finalLengthening`'s factor for an id by the sounds from it to the pause, its own
    /// included (0: a pad after the last sound): the measured lengths over the 0.95 of
    /// elsewhere, tempered (the fuller factors overshoot: the words then start early by
    /// 10 ms). Over the samples' words, twice with the model's noise: the 95th percentile
    /// of the estimate's error from 156 to 139 ms, the median from 34 to 29.
    static let lengtheningBySound: [Double] = [1.5, 1.45, 1.45, 1.3, 1.15, 1.05]

    /// A stretch of the audio quieter than the voice, in samples.
    struct Silence: Equatable {
        var start: Int
        var end: Int
    }

    /// The sample each word of `sequence` starts at in `samples` (the sentence's audio), `hop`
    /// samples a frame.
    static func wordStarts(sequence: PhonemeSequence, samples: [Float], hop: Int) -> [Int] {
        let total = samples.count
        guard !sequence.wordStarts.isEmpty, total > 0 else { return sequence.wordStarts.map { _ in 0 } }
        // Before each id, the time the ids before it take by their weights.
        let lengthening = finalLengthening(sequence.kinds)
        var before = [Double](repeating: 0, count: sequence.kinds.count + 1)
        for (index, (kind, symbol)) in zip(sequence.kinds, sequence.symbols).enumerated() {
            before[index + 1] = before[index] + weight(kind, symbol) * lengthening[index]
        }
        let silences = self.silences(in: samples, hop: hop)
        // 150 ms: a clause's pause, at the voice's rate (a hop is about 11.6 ms at 22,050 Hz).
        var anchors = self.anchors(sequence: sequence, before: before, silences: silences, total: total, minimumPause: hop * 13)
        // A short silence is most often the closure of a stop a word starts with ("to",
        // "by", "the"): such words are matched to the short silences in order, each to the one
        // nearest where it is estimated (within `snapReach` frames), as pauses are to long
        // ones, and start at its end. Matched all at once rather than one by one, a silence
        // near two such words goes to the one that leaves the others theirs.
        let short = silences.filter { $0.end - $0.start < hop * 13 && $0.start > 0 && $0.end < total }
        let estimates = sequence.wordStarts.map { start(of: $0, anchors: anchors, before: before, total: total) }
        let stopWords = sequence.wordStarts.indices.filter { PhonemeSequence.stops.contains(sequence.wordInitials[$0]) }
        // Matched by their ends: `match` compares a silence's start with where it is expected.
        let ends = short.map { Silence(start: $0.end, end: $0.end) }
        for pair in match(silences: ends, to: stopWords.map { Double(estimates[$0]) }, reach: Double(snapReach * hop)) {
            let id = sequence.wordStarts[stopWords[pair.pause]]
            let target = ends[pair.silence].start
            guard let after = anchors.firstIndex(where: { $0.id >= id }), after > 0, anchors[after].id != id,
                anchors[after - 1].sample < target, anchors[after].sample > target
            else { continue }
            anchors.insert((id, target), at: after)
        }
        return sequence.wordStarts.map { start(of: $0, anchors: anchors, before: before, total: total) }
    }

    /// Frames from a short silence within which a word's estimated start is moved to its end.
    static let snapReach = 10

    /// Where the id `index` starts between the anchors around it, by weight.
    static func start(of index: Int, anchors: [(id: Int, sample: Int)], before: [Double], total: Int) -> Int {
        let at = before[index]
        guard let next = anchors.firstIndex(where: { before[$0.id] >= at }), next > 0 else {
            return anchors.first?.sample ?? 0
        }
        let (low, high) = (anchors[next - 1], anchors[next])
        let span = before[high.id] - before[low.id]
        let fraction = span > 0 ? (at - before[low.id]) / span : 0
        return min(total, low.sample + Int((Double(high.sample - low.sample) * fraction).rounded()))
    }

    /// Ids whose start is known in samples, in order: the first sound at the voice's start,
    /// each pause at its silence (its start at the silence's start, the next sound at its end),
    /// the end id at the voice's end.
    static func anchors(
        sequence: PhonemeSequence, before: [Double], silences: [Silence], total: Int, minimumPause: Int
    ) -> [(id: Int, sample: Int)] {
        let kinds = sequence.kinds
        let firstSound = kinds.firstIndex(of: .sound) ?? 0
        let lastSound = kinds.lastIndex(of: .sound) ?? kinds.count - 1
        // The voice starts where the leading silence ends, and ends where the trailing one starts.
        let voiceStart = silences.first.map { $0.start == 0 ? $0.end : 0 } ?? 0
        let voiceEnd = silences.last.map { $0.end >= total ? $0.start : total } ?? total
        var anchors: [(id: Int, sample: Int)] = [(firstSound, voiceStart)]
        // A pause is a long silence; a short one is a stop's closure or a breath between words.
        let inner = silences.filter { $0.start > voiceStart && $0.end < voiceEnd && $0.end - $0.start >= minimumPause }
        // The pauses, where they would be if the ids between the voice's start and end took their weights.
        let pauses = kinds.indices.filter { kinds[$0] == .pause && $0 > firstSound && $0 < lastSound }
        let scale = Double(voiceEnd - voiceStart) / max(1, before[lastSound + 1] - before[firstSound])
        func expected(_ id: Int) -> Double { Double(voiceStart) + (before[id] - before[firstSound]) * scale }
        // Silences and pauses matched in order, each silence to at most one pause, as near to
        // where the pause is expected as can be (the most matches, each worth the reach less its
        // distance): a silence left over is a stop's closure, a pause left over was said without
        // a break.
        let reach = max(Double(minimumPause) * 2, Double(voiceEnd - voiceStart) * 0.15)
        let matched = match(silences: inner, to: pauses.map(expected), reach: reach).map { (pauses[$0.pause], inner[$0.silence]) }
        for (pause, silence) in matched {
            let resumes = kinds[pause...].firstIndex(of: .sound) ?? lastSound
            anchors.append((pause, silence.start))
            anchors.append((resumes, silence.end))
        }
        if lastSound + 1 > anchors.last!.id { anchors.append((lastSound + 1, max(voiceEnd, anchors.last!.sample))) }
        return anchors
    }

    /// The best order-keeping matching of `silences` (by their starts) to pauses expected at
    /// `expected` (in samples): indexes of the pairs.
    static func match(silences: [Silence], to expected: [Double], reach: Double) -> [(silence: Int, pause: Int)] {
        let (n, m) = (silences.count, expected.count)
        guard n > 0, m > 0 else { return [] }
        // score[i][j]: the best with the first i silences and the first j pauses.
        var score = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: n + 1)
        for i in 1...n {
            for j in 1...m {
                var best = max(score[i - 1][j], score[i][j - 1])
                let distance = abs(expected[j - 1] - Double(silences[i - 1].start))
                if distance <= reach { best = max(best, score[i - 1][j - 1] + reach - distance) }
                score[i][j] = best
            }
        }
        var pairs: [(silence: Int, pause: Int)] = []
        var (i, j) = (n, m)
        while i > 0, j > 0 {
            if score[i][j] == score[i - 1][j] {
                i -= 1
            } else if score[i][j] == score[i][j - 1] {
                j -= 1
            } else {
                pairs.append((i - 1, j - 1))
                i -= 1
                j -= 1
            }
        }
        return pairs.reversed()
    }

    /// The stretches of `samples` quieter than a thirtieth of the loudest frame's level for at
    /// least five frames (about 60 ms at 22,050 Hz), in samples.
    static func silences(in samples: [Float], hop: Int) -> [Silence] {
        let frames = max(1, (samples.count + hop - 1) / hop)
        var levels = [Float](repeating: 0, count: frames)
        for frame in 0..<frames {
            let range = frame * hop..<min(samples.count, (frame + 1) * hop)
            var sum: Float = 0
            for index in range { sum += samples[index] * samples[index] }
            levels[frame] = (sum / Float(max(1, range.count))).squareRoot()
        }
        let threshold = (levels.max() ?? 0) / 30
        var silences: [Silence] = []
        var start: Int?
        for frame in 0...frames {
            let quiet = frame < frames && levels[frame] < threshold
            if quiet, start == nil { start = frame }
            if !quiet, let first = start {
                if frame - first >= 5 || first == 0 || frame == frames {
                    silences.append(Silence(start: first * hop, end: min(samples.count, frame * hop)))
                }
                start = nil
            }
        }
        return silences
    }
}
