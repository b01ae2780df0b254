/// Where a long narration starts the speech engine afresh (`SpeechEngine.reset()`): before
/// the sentences that cut it into up to `segments` runs of about equal text, fixed by the
/// text alone. eSpeak NG's audio of a sentence depends on what it said before (a pitch
/// flutter's phase, a cycle count, leftovers of a longer clause), so only from such a point
/// can another process go on with the same audio; a narration spread over processes cuts
/// only there, and one made in a single process resets there too, so both are the same.
enum EngineResets {
    /// The most runs a narration is cut into (8: up to eight processes share one article;
    /// each reset costs about 5 ms, a run of the least text about 150 ms).
    static let segments = 8
    /// The least text in a run, in characters (with `sentenceWeight` a sentence).
    static let minimumSegmentCharacters = 3_000
    /// A sentence's weight beyond its characters: the engine's cost of starting each one.
    static let sentenceWeight = 24

    /// The indices of the sentences (of `lengths` characters) before which the engine is
    /// reset, in order; none for a text too short to cut.
    static func points(lengths: [Int]) -> [Int] {
        let before = sums(lengths)
        let total = before.last!
        let count = min(segments, total / minimumSegmentCharacters, lengths.count)
        guard count > 1 else { return [] }
        var points: [Int] = []
        for number in 1..<count {
            let cut = nearest(to: Double(total) * Double(number) / Double(count), in: before)
            if cut > (points.last ?? 0), cut < lengths.count { points.append(cut) }
        }
        return points
    }

    /// The weight of the sentences before each index, from 0 to all of them.
    static func sums(_ lengths: [Int]) -> [Int] {
        var sums = [0]
        sums.reserveCapacity(lengths.count + 1)
        for length in lengths { sums.append(sums.last! + length + sentenceWeight) }
        return sums
    }

    /// The sentence index (1 ..< count) whose preceding weight is nearest `goal`.
    static func nearest(to goal: Double, in before: [Int]) -> Int {
        var low = 1
        var high = before.count - 2
        guard high >= low else { return 1 }
        // The first index whose sum reaches the goal, then it or the one before.
        while low < high {
            let middle = (low + high) / 2
            if Double(before[middle]) < goal { low = middle + 1 } else { high = middle }
        }
        if low > 1, abs(Double(before[low - 1]) - goal) <= abs(Double(before[low]) - goal) { return low - 1 }
        return low
    }
}
