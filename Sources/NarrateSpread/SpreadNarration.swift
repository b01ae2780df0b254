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

    /// Fixes the resets from the sentences' `lengths`; with a `spread`, starts a helper for
    /// every run after the first, and a run whose helper cannot start is spoken here.
    /// `text` gives a sentence as a helper receives it: as written when `normalization` is
    /// given (the helper makes its spoken forms), else as spoken.
    package init(
        lengths: [Int], spread: SynthesisSpread?, text: (Int) -> String, normalization: SpeechPart.Normalization?,
        voice: VoiceSettings
    ) {
        let points = EngineResets.points(lengths: lengths)
        resets = Set(points)
        runs = spread?.runs(lengths: lengths, resets: points) ?? [0..<lengths.count]
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
