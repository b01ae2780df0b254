/// How one narration spreads over several processes: its sentences cut into up to `jobs`
/// contiguous runs, the first spoken in this process, the others by `helpers` at the same
/// time, and the audio stitched in order. Runs are cut only where the narration starts the
/// engine afresh anyway (`EngineResets`), so the result is the one-process narration's,
/// sample for sample, with the same sentence and word timings.
public struct SynthesisSpread: Sendable {
    /// The most runs synthesized at once (this process counts as one).
    public var jobs: Int
    /// Who synthesizes the runs after the first.
    public var helpers: any SpeechPartHelpers

    /// Creates a spread.
    public init(jobs: Int, helpers: any SpeechPartHelpers) {
        self.jobs = jobs
        self.helpers = helpers
    }

    /// The runs of sentences whose texts have `lengths` characters, cut at some of `resets`
    /// (`EngineResets.points`), about equal: contiguous, covering all, none empty.
    public func runs(lengths: [Int], resets: [Int]) -> [Range<Int>] {
        let count = min(jobs, resets.count + 1)
        guard count > 1 else { return [0..<lengths.count] }
        let before = EngineResets.sums(lengths)
        let total = Double(before.last!)
        var bounds = [0]
        for number in 1..<count {
            let goal = total * Double(number) / Double(count)
            let cut = resets.filter { $0 > bounds.last! }.min { abs(Double(before[$0]) - goal) < abs(Double(before[$1]) - goal) }
            if let cut { bounds.append(cut) }
        }
        bounds.append(lengths.count)
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }
}
