import Foundation
public import NarrateAudio
public import NarrateCore
public import NarrateLibrary
public import NarrateSpread

/// Renders library articles to audio files and remembers them: each render is recorded with
/// its settings hash, path, length and the start and end sample of every sentence. The same
/// article with the same settings is not synthesized twice: an intact earlier render is
/// reused (copied when another path is asked for), and one whose file is gone or damaged is
/// forgotten and made again.
public struct ArticleRenderer {
    /// The library the articles and renders live in.
    public let library: ArticleLibrary
    /// The speech engine.
    public let engine: any SpeechEngine
    /// Other processes that synthesize runs of a long article at the same time (nil: all
    /// in this process); the render is the same either way.
    public var spread: SynthesisSpread?

    /// Creates a renderer.
    public init(library: ArticleLibrary, engine: any SpeechEngine, spread: SynthesisSpread? = nil) {
        self.library = library
        self.engine = engine
        self.spread = spread
    }

    /// A render and how it came about.
    public struct Outcome: Sendable {
        /// The recorded render.
        public var render: RenderRecord
        /// Where each sentence starts and ends, pauses included, in samples.
        public var sentenceSamples: [Range<Int64>]
        /// How it was obtained.
        public var source: Source

        /// How a render was obtained.
        public enum Source: String, Sendable, Encodable {
            /// Synthesized now.
            case synthesized
            /// An intact earlier render, used as it is.
            case cached
            /// An intact earlier render copied to the path asked for.
            case copied
        }
    }

    /// Renders article `id` with `settings` to `output` (nil: the library's audio folder).
    /// An existing `output` that is not this render is refused unless `overwrite`.
    ///
    /// The settings hash is `settingsHash(for:settings:)`.
    /// `onTemporaryFile` is told the temporary file the audio is written into before it is
    /// renamed into place (a batch worker records it, so a successor can remove it);
    /// `progress` is told the sentences synthesized so far, of all of them;
    /// `onSentenceStart` each sentence's first sample in the file as it begins (a new render
    /// only, in a file at the engine's rate).
    public func render(
        articleId id: Int64, settings: RenderSettings, output: String?, overwrite: Bool,
        isCancelled: () -> Bool = { false }, onTemporaryFile: (String) -> Void = { _ in },
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in },
        onSentenceStart: (_ index: Int, _ frame: Int) -> Void = { _, _ in }
    ) throws(NarrateError) -> Outcome {
        try renderLeavingPlacement(
            articleId: id, settings: settings, output: output, overwrite: overwrite, isCancelled: isCancelled,
            onTemporaryFile: onTemporaryFile, progress: progress, onSentenceStart: onSentenceStart
        ).complete()
    }

    /// As `render`, but a render synthesized now comes back before its file is flushed to the
    /// disk, renamed into place and recorded: `PendingRender.complete()` does that, on any
    /// thread (a batch worker lets it wait for the disk while it synthesizes its next article).
    public func renderLeavingPlacement(
        articleId id: Int64, settings: RenderSettings, output: String?, overwrite: Bool,
        isCancelled: () -> Bool = { false }, onTemporaryFile: (String) -> Void = { _ in },
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in },
        onSentenceStart: (_ index: Int, _ frame: Int) -> Void = { _, _ in }
    ) throws(NarrateError) -> PendingRender {
        let article = try library.articles.article(id: id)
        let hash = settingsHash(for: article, settings: settings)
        let target = output.map(Self.absolute)
        var intact: [(render: RenderRecord, samples: [Range<Int64>])] = []
        for timed in try library.renders.timedRenders(ofArticle: id, where: { $0.settingsHash == hash }) {
            // The library's own render made before words were timed cannot highlight them
            // in a player: made again, like one deleted or damaged on disk.
            if timed.render.ownedByLibrary, timed.wordCount == 0 {
                try library.renders.forgetRender(id: timed.render.id)
            } else if let samples = try Self.intactSamples(of: timed, expected: article.summary.sentenceCount, in: library) {
                intact.append((timed.render, samples))
            }
        }
        // The one asked for, else (for the library's audio folder) the library's own. A file
        // only the user keeps is copied, not adopted: the library's render must outlive it.
        let reusable =
            intact.first { $0.render.path == target }
            ?? (target == nil ? intact.first { $0.render.ownedByLibrary } : nil)
        if let reusable {
            return PendingRender(complete: Outcome(render: reusable.render, sentenceSamples: reusable.samples, source: .cached))
        }
        let destination = target ?? "\(library.location.audioDirectory)/\(id)-\(hash.prefix(16)).\(settings.encoding.format.fileExtension)"
        if target == nil {
            do {
                try FileManager.default.createDirectory(atPath: library.location.audioDirectory, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateOutput(path: library.location.audioDirectory, reason: "cannot create the library's audio folder")
            }
        }
        if let (render, samples) = intact.first {
            try Self.copy(render.path, to: destination, overwrite: overwrite)
            let copied = try library.renders.recordRender(
                articleId: id, settingsHash: hash, path: destination, ownedByLibrary: target == nil, format: render.format,
                sampleRate: render.sampleRate, sampleCount: render.sampleCount, sentenceSamples: samples,
                words: try library.renders.words(ofRender: render.id), wordTimings: render.wordTimings, voice: render.voice,
                reading: render.reading
            )
            return PendingRender(complete: Outcome(render: copied, sentenceSamples: samples, source: .copied))
        }
        return try synthesize(
            article, settings: settings, hash: hash, destination: destination, owned: target == nil,
            overwrite: overwrite || target == nil, isCancelled: isCancelled, onTemporaryFile: onTemporaryFile,
            progress: progress, onSentenceStart: onSentenceStart
        )
    }

    private func synthesize(
        _ article: StoredArticle, settings: RenderSettings, hash: String, destination: String, owned: Bool,
        overwrite: Bool, isCancelled: () -> Bool, onTemporaryFile: (String) -> Void,
        progress: (_ done: Int, _ total: Int) -> Void, onSentenceStart: (_ index: Int, _ frame: Int) -> Void
    ) throws(NarrateError) -> PendingRender {
        let id = article.summary.id
        let sentences = article.sentences(try library.articles.sentences(ofArticle: id))
        // A long one is kept chapter by chapter, to go on at its chapter after a stop or a crash.
        let checkpoint =
            sentences.count >= NarrationCheckpoint.minimumSentences
            ? NarrationCheckpoint(folder: "\(library.location.audioDirectory)/.chapters-\(id)-\(hash.prefix(16))") : nil
        let written = try ArticleSynthesis(engine: engine, spread: spread).writeAudio(
            article, sentences: sentences, settings: settings, destination: destination, overwrite: overwrite,
            checkpoint: checkpoint, isCancelled: isCancelled, onTemporaryFile: onTemporaryFile, progress: progress,
            onSentenceStart: onSentenceStart
        )
        let library = self.library
        return PendingRender { () throws(NarrateError) -> Outcome in
            try written.place()
            let audio = written.audio
            let render = try library.renders.recordRender(
                articleId: id, settingsHash: hash, path: destination, ownedByLibrary: owned, format: audio.format,
                sampleRate: audio.sampleRate, sampleCount: audio.sampleCount, sentenceSamples: audio.sentenceSamples, words: audio.words,
                wordTimings: audio.wordTimings, voice: audio.voice, reading: audio.reading
            )
            return Outcome(render: render, sentenceSamples: audio.sentenceSamples, source: .synthesized)
        }
    }

    /// A frame made at `sourceRate` as it falls in a file resampled to `fileRate` with
    /// `total` frames.
    static func scale(_ frame: Int64, from sourceRate: Int, to fileRate: Int, total: Int64) -> Int64 {
        guard sourceRate != fileRate else { return min(frame, total) }
        return min(total, (frame * Int64(fileRate) + Int64(sourceRate / 2)) / Int64(sourceRate))
    }

    /// Sentence ranges made at `sourceRate` as they fall in a file resampled to `fileRate`
    /// with `total` frames: still contiguous, the last ending at `total`.
    static func scale(_ ranges: [Range<Int64>], from sourceRate: Int, to fileRate: Int, total: Int64) -> [Range<Int64>] {
        guard sourceRate != fileRate else { return ranges }
        func scaled(_ frame: Int64) -> Int64 { scale(frame, from: sourceRate, to: fileRate, total: total) }
        return ranges.indices.map { index in
            let start = scaled(ranges[index].lowerBound)
            let end = index == ranges.count - 1 ? total : scaled(ranges[index + 1].lowerBound)
            return start..<max(start, end)
        }
    }

    /// The cache key of `article` rendered with `settings` by this engine.
    public func settingsHash(for article: StoredArticle, settings: RenderSettings) -> String {
        RenderStore.settingsHash(
            of: settings.description(engineVersion: engine.version, sampleRate: engine.sampleRate) + "\n" + article.contentHash
        )
    }

    /// Whether `path` holds an intact render of `article` with `settings`.
    public func isUpToDate(_ article: StoredArticle, settings: RenderSettings, at path: String) throws(NarrateError) -> Bool {
        let hash = settingsHash(for: article, settings: settings)
        for render in try library.renders.renders(ofArticle: article.summary.id) where render.settingsHash == hash && render.path == path {
            if try Self.intactSamples(of: render, expected: article.summary.sentenceCount, in: library) != nil { return true }
        }
        return false
    }

    /// The newest intact render of article `id` in `format` (nil: any), whatever its
    /// settings, with its timings; nil when there is none. Renders whose files are gone are
    /// forgotten on the way.
    public func newestIntactRender(
        ofArticle id: Int64, format: AudioFileFormat? = nil, keptVoice: String? = nil, reading: ReadingChoices? = nil
    ) throws(NarrateError) -> (RenderRecord, [Range<Int64>])? {
        let count = try library.articles.summary(id: id).sentenceCount
        for render in try library.renders.renders(ofArticle: id)
        where (format == nil || render.format == format?.rawValue) && render.isSpoken(inVoice: keptVoice)
            && reading.map(render.reads(as:)) ?? true
        {
            if let samples = try Self.intactSamples(of: render, expected: count, in: library) { return (render, samples) }
        }
        return nil
    }

    /// The one policy for a render on record, used wherever a render is reused, played or
    /// served: `render`, of an article of `expected` sentences, is intact when its file is
    /// there and holds what was recorded, every sentence timed; its sentences' samples then.
    /// One that is not is forgotten, so that it is made again rather than played as silence,
    /// and nil is returned.
    public static func intactSamples(
        of render: RenderRecord, expected: Int, in library: ArticleLibrary
    ) throws(NarrateError) -> [Range<Int64>]? {
        let samples = try library.renders.sentenceSamples(ofRender: render.id)
        return try intactSamples(of: TimedRender(render: render, sentenceSamples: samples, wordCount: 0), expected: expected, in: library)
    }

    /// `intactSamples(of:expected:in:)` of a render read with its timings.
    public static func intactSamples(
        of timed: TimedRender, expected: Int, in library: ArticleLibrary
    ) throws(NarrateError) -> [Range<Int64>]? {
        if isIntact(timed.render, sentences: timed.sentenceSamples.count, expected: expected) { return timed.sentenceSamples }
        try library.renders.forgetRender(id: timed.render.id)
        return nil
    }

    /// Whether the render's file is there and holds what was recorded.
    static func isIntact(_ render: RenderRecord, sentences: Int, expected: Int) -> Bool {
        guard sentences == expected, let info = try? AudioFileInfo.read(path: render.path) else { return false }
        guard info.sampleRate == render.sampleRate, info.channels == 1 else { return false }
        let frames = Int64(info.frames)
        if frames == render.sampleCount { return true }
        // An MP3 without an info frame (a listening render at 32 kbit/s) says no length:
        // libsndfile estimates it from the frames (with LAME's delay and padding), within 1%.
        guard render.format == AudioFileFormat.mp3.rawValue, DecoderDelay.samples(ofFile: render.path, format: render.format) > 0 else {
            return false
        }
        return abs(frames - render.sampleCount) <= Self.untoldMP3Slack + render.sampleCount / 100
    }

    /// What an MP3 without an info frame may decode to beyond its samples besides the 1%:
    /// the encoder's delay and fifteen frames of 1,152 samples of padding.
    static let untoldMP3Slack: Int64 = Int64(DecoderDelay.lameEncoderSamples) + 15 * 1_152

    /// Copies a file through a temporary file beside the target and a rename.
    private static func copy(_ source: String, to destination: String, overwrite: Bool) throws(NarrateError) {
        try OutputFile.copy(file: source, to: destination, overwrite: overwrite)
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
