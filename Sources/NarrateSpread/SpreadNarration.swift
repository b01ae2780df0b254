package import NarrateCore

/// One narration's runs under way: where the engine starts afresh, which sentences this
/// process speaks, and the helpers' recordings for the others, replayed in order when
/// their turn comes.
package final class SpreadNarration {
    private let runs: [Range<Int>]
    /// Sentences before which the engine is reset.
    private let resets: Set<Int>
    private var jobs: [Int: any SpeechPartJob] = [:]
    private var readers: [Int: SpeechPartReader] = [:]
    private var current: Int?

    /// Fixes the resets from the sentences' `lengths`, and `boundaries` besides (where a
    /// narration kept chapter by chapter may go on); with a `spread`, starts a helper for
    /// every run after the first, and a run whose helper cannot start is spoken here.
    /// `text` gives a sentence as a helper receives it: as written when `normalization` is
    /// given (the helper makes its spoken forms), else as spoken. The sentences before
    /// `first` were spoken before (a narration going on): no helper is given them, and the
    /// resets stay where the text puts them, so the audio is the same either way.
    package init(
        lengths: [Int], spread: SynthesisSpread?, text: (Int) -> String, normalization: SpeechPart.Normalization?,
        voice: VoiceSettings, boundaries: Set<Int> = [], first: Int = 0
    ) {
        let points = Array(Set(EngineResets.points(lengths: lengths)).union(boundaries.filter { $0 > 0 && $0 < lengths.count })).sorted()
        resets = Set(points)
        let pending = first > 0 ? lengths.indices.map { $0 < first ? 0 : lengths[$0] } : lengths
        runs = spread?.runs(lengths: pending, resets: points.filter { $0 > first }) ?? [0..<lengths.count]
        guard let spread, runs.count > 1 else { return }
        for (number, run) in runs.enumerated().dropFirst() {
            let part = SpeechPart(
                voice: voice, texts: run.map(text),
                resets: points.filter { run.contains($0) && $0 > run.lowerBound }.map { $0 - run.lowerBound },
                normalization: normalization
            )
            jobs[number] = try? spread.helpers.start(part)
        }
    }

    /// Speaks sentence `index`: replays its helper's recording, or synthesizes its spoken
    /// form (`spoken`) with `engine` when it is this process's, or its helper failed; the
    /// engine starts afresh first at the narration's reset points. Returns the spoken form
    /// the audio is of (the helper's, when it recorded one).
    package func speak(
        _ index: Int, spoken: () -> String, engine: any SpeechEngine, receive: (SpeechChunk) throws -> Bool
    ) throws -> String {
        let number = runs.firstIndex { $0.contains(index) } ?? 0
        if number > 0, current != number {
            current = number
            if let job = jobs.removeValue(forKey: number), let reader = job.finish() { readers[number] = reader }
        }
        guard number > 0, let reader = readers[number] else {
            let text = spoken()
            if resets.contains(index) { try engine.reset() }
            // An empty text is a sentence not read: nothing to say.
            if !text.isEmpty { try engine.synthesize(text, receive: receive) }
            return text
        }
        let recorded = try reader.replaySentence(receive)
        if index == runs[number].upperBound - 1 { readers[number] = nil }
        return recorded ?? spoken()
    }

    /// Stops every helper still at work.
    package func cancel() {
        for job in jobs.values { job.cancel() }
        jobs = [:]
        readers = [:]
    }

    deinit { cancel() }
}
