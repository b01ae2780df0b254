import Foundation
public import NarrateCore
public import NarrateSpeech
import NarrateText

/// A Piper voice ready to speak: its configuration, its model loaded in ONNX Runtime (made
/// to also give each phoneme's duration when its graph allows), and eSpeak NG for its phonemes.
public final class PiperVoice: @unchecked Sendable {
    /// The voice's name ("en_US-joe-medium").
    public let name: String
    /// Where the model is.
    public let modelPath: String
    public let config: PiperVoiceConfig
    /// The SHA-256 of the model's file, in hex: part of a render's cache key.
    public let modelHash: String
    /// Whether word timings come from the model's own durations (else they are estimated).
    public var timesWordsExactly: Bool { model.durationsOutput != nil }
    private let model: ONNXModel
    private let phonemizer: ESpeakEngine

    /// Loads the voice whose model is at `modelPath` and configuration at `configPath`
    /// (else the model's path with `.json` added), running it on `threads` threads. With
    /// `preparedModels` (a cache folder), the model as prepared before is loaded from there
    /// when it has not changed since, else it is prepared and kept there for the next time.
    public init(
        modelPath: String, configPath: String? = nil, threads: Int = 0, phonemizer: ESpeakEngine, preparedModels: String? = nil
    ) throws(NarrateError) {
        let runtime = try ONNXRuntime.load()
        let configFile = configPath ?? modelPath + ".json"
        let configBytes: [UInt8]
        do {
            configBytes = try FileContents.read(configFile, limit: 1 << 20)
        } catch {
            throw .inputUnavailable(path: configFile, reason: error.reason)
        }
        config = try PiperVoiceConfig(bytes: configBytes, path: configFile)
        (model, modelHash) = try Self.load(
            modelPath, threads: threads, runtime: runtime, cache: preparedModels.map(PreparedModels.init(folder:)))
        name = ((modelPath as NSString).lastPathComponent as NSString).deletingPathExtension
        self.modelPath = modelPath
        self.phonemizer = phonemizer
    }

    /// The model at `path` loaded, and its file's SHA-256: from its prepared copy in `cache`
    /// when there is one for it as it is now, else from the file (read, hashed, given its
    /// durations output) and then kept prepared in `cache`.
    private static func load(
        _ path: String, threads: Int, runtime: String, cache: PreparedModels?
    ) throws(NarrateError) -> (ONNXModel, String) {
        let key = cache == nil ? nil : PreparedModels.key(of: path, runtime: runtime)
        if let cache, let key, let (entry, file) = cache.entry(key: key) {
            if let model = try? ONNXModel(file: file, path: path, threads: threads, durationsOutput: entry.durationsOutput),
                model.durationsOutput == entry.durationsOutput
            {
                return (model, entry.sha256)
            }
            cache.forget(key: key)
        }
        // The model's bytes are held once: read, hashed, patched (the file's bytes let go
        // before the session is made), and let go once ONNX Runtime has made its session.
        var bytes: [UInt8]
        do {
            bytes = try FileContents.read(path, limit: 1 << 30)
        } catch {
            throw .inputUnavailable(path: path, reason: error.reason)
        }
        let hash = MessageDigest.hex(MessageDigest.hash(.sha256, of: bytes))
        let patched = DurationOutput.adding(to: bytes)
        if let patched { bytes = patched.model }
        let temporary = key.flatMap { cache?.temporaryFile(key: $0) }
        let model: ONNXModel
        do throws(NarrateError) {
            model = try ONNXModel(
                bytes: consume bytes, path: path, threads: threads, durationsOutput: patched?.output, optimized: temporary)
        } catch {
            guard let temporary else { throw error }
            // The prepared copy could not be written (a full disk): loaded without keeping one.
            unlink(temporary)
            return try load(path, threads: threads, runtime: runtime, cache: nil)
        }
        if let cache, let key, let temporary {
            cache.keep(temporary, key: key, entry: PreparedModels.Entry(model: path, sha256: hash, durationsOutput: model.durationsOutput))
        }
        return (model, hash)
    }

    /// `text` spoken: 16-bit samples at the voice's rate, and where each of its words starts
    /// (word events, offsets in `text`'s scalars). `rate` is narrate's words a minute (175
    /// as the voice was trained), `volume` 0 to 200 (100 as trained).
    public func speak(_ text: String, rate: Int = 175, volume: Int = 100) throws(NarrateError) -> (samples: [Int16], events: [SpeechEvent])
    {
        guard let (sequence, floats, durations) = try run(text, rate: rate) else { return ([], []) }
        let peak = floats.reduce(Float(0)) { max($0, abs($1)) }
        let gain = Float(volume) / 100 * 32_767 / max(peak, 0.01)
        let samples = floats.map { Int16(max(-32_767, min(32_767, $0 * gain))) }
        let starts =
            durations.map { Self.wordStartSamples(sequence: sequence, durations: $0, hop: config.hopLength, total: samples.count) }
            ?? WordStartEstimate.wordStarts(sequence: sequence, samples: floats, hop: config.hopLength)
        let words = WordAlignment.words(in: text)
        var events: [SpeechEvent] = []
        for (index, word) in words.enumerated() where !starts.isEmpty {
            // One phoneme word a text word when eSpeak NG kept them apart; else spread in order.
            let phonemeWord = words.count == starts.count ? index : min(starts.count - 1, index * starts.count / max(1, words.count))
            events.append(SpeechEvent(kind: .word, textOffset: word.lowerBound, length: word.count, sampleOffset: starts[phonemeWord]))
        }
        return (samples, events)
    }

    /// `text`'s phonemes as the model's ids, and what the model made of them: its audio, and
    /// each id's duration in frames when the model gives them; nil for text with no phonemes.
    func run(_ text: String, rate: Int) throws(NarrateError) -> (sequence: PhonemeSequence, samples: [Float], durations: [Float]?)? {
        let clauses = try phonemizer.phonemes(of: text, voice: config.espeakVoice)
        guard PhonemeSequence(clauses: clauses, config: config).hasPhonemes else { return nil }
        let lengthScale = config.lengthScale * 175 / Float(max(1, rate))
        // A long sentence is run a few clauses at a time (each run's ids with their own start
        // and end), its audio and durations put end to end.
        var sequence = PhonemeSequence(clauses: [], config: config)
        sequence.ids = []
        sequence.kinds = []
        sequence.symbols = []
        var floats: [Float] = []
        var durations: [Float]? = []
        for run in PhonemeSequence.runs(of: clauses, config: config, limit: Self.runLimit) {
            let part = PhonemeSequence(clauses: run, config: config)
            let (audio, frames) = try model.speak(
                ids: part.ids, scales: (config.noiseScale, lengthScale, config.noiseWidth), speaker: 0, path: modelPath
            )
            sequence.append(part)
            floats += audio
            durations = frames.flatMap { frames in durations.map { $0 + frames } }
        }
        return (sequence, floats, durations)
    }

    /// The most ids a run of the model is given, as far as whole clauses allow. Measured on the
    /// test voice (the news sample's 41 sentences, 2 cores): with no limit its longest
    /// sentence (673 ids) took the peak to 515 MiB; at 500, 376 MiB and 9% less time; at 400,
    /// 364 MiB but 7% more time (more runs).
    static let runLimit = 500

    /// The sample each phoneme word starts at: the frames of the ids before it, from the
    /// model's durations (without them, `WordStartEstimate` estimates them).
    static func wordStartSamples(sequence: PhonemeSequence, durations: [Float], hop: Int, total: Int) -> [Int] {
        guard durations.count == sequence.ids.count else {
            let count = max(1, sequence.ids.count)
            return sequence.wordStarts.map { min(total, $0 * total / count) }
        }
        var before = [Int](repeating: 0, count: durations.count + 1)
        for (index, frames) in durations.enumerated() { before[index + 1] = before[index] + Int(frames.rounded()) }
        return sequence.wordStarts.map { min(total, before[$0] * hop) }
    }
}
