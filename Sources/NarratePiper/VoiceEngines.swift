import Foundation
public import NarrateCore
import NarrateSpeech
import Synchronization

/// Every voice narrate speaks with, as one engine: eSpeak NG's voices, and the Piper voices
/// installed (`piper:NAME`, or any unambiguous part of a name eSpeak NG does not know). The
/// voice selected decides which engine speaks; a Piper voice is loaded, with ONNX Runtime,
/// only when one is selected, so commands speaking with eSpeak NG load nothing more.
public final class VoiceEngines: SpeechEngine {
    private let espeak: ESpeakEngine
    private let files: PiperVoiceFiles
    private let threads: Int
    /// Where prepared models are kept (`PreparedModels`).
    private let preparedModels: String?
    private struct State {
        /// The Piper engine selected, nil while eSpeak NG speaks.
        var piper: PiperEngine?
        /// Piper voices loaded in this process, by model path, with the model file's identity
        /// then (size, time, inode): selecting one again reuses it while its file is the same
        /// (a long-lived worker, such as the server's listening worker, sees a voice reinstalled).
        var loaded: [String: (identity: String?, voice: PiperVoice)] = [:]
        /// The voice each name selected named, so a narration selecting it again (every
        /// article of a batch) reads no folder and no configuration again.
        var named: [String: PiperVoiceFiles.Voice] = [:]
        /// The next sentence a Piper voice speaks is spoken head first (`startSoon`).
        var startsSoon = false
    }
    private let state = Mutex(State())

    /// The process's engines, over the process's eSpeak NG; Piper voices found as
    /// `environment` says (`NARRATE_VOICE_PATH`, `XDG_DATA_HOME`, Python's packages) and run
    /// on `threads` threads each (0: ONNX Runtime's choice, every core).
    /// Made once: later calls return the first one, whatever they pass.
    public static func shared(environment: [String: String]? = nil, threads: Int = 0) throws(NarrateError) -> VoiceEngines {
        let espeak = try ESpeakEngine.shared()
        return made.withLock { made in
            if let made { return made }
            let environment = environment ?? ProcessInfo.processInfo.environment
            let engines = VoiceEngines(
                espeak: espeak, files: PiperVoiceFiles(environment: environment), threads: threads,
                preparedModels: PreparedModels.folder(environment: environment)
            )
            made = engines
            return engines
        }
    }

    private static let made = Mutex<VoiceEngines?>(nil)

    init(espeak: ESpeakEngine, files: PiperVoiceFiles, threads: Int, preparedModels: String? = nil) {
        self.espeak = espeak
        self.files = files
        self.threads = threads
        self.preparedModels = preparedModels
    }

    private var selected: any SpeechEngine { state.withLock { $0.piper } ?? espeak }

    public var sampleRate: Int { selected.sampleRate }

    /// eSpeak NG's version, and with a Piper voice its model's hash too (the phonemes are
    /// eSpeak NG's): a render made with another of either is made anew.
    public var version: String {
        guard let piper = state.withLock({ $0.piper }) else { return espeak.version }
        return "\(espeak.version) \(piper.version)"
    }

    /// eSpeak NG's voices, and the Piper voice selected: what a voice is picked from by
    /// language when none is asked for, and which languages are spoken (every Piper voice's
    /// language is eSpeak NG's, its phonemes are). The installed Piper voices are not looked
    /// for here, so commands speaking with eSpeak NG read no folder more; `allVoices` lists them.
    public func voices() -> [VoiceInfo] {
        espeak.voices() + (state.withLock { $0.piper }?.voices() ?? [])
    }

    /// eSpeak NG's voices, then every Piper voice installed.
    public func allVoices() -> [VoiceInfo] {
        espeak.voices() + neuralVoices()
    }

    /// Every Piper voice installed (their folders read at each call: one installed or removed
    /// while a server runs is seen).
    public func neuralVoices() -> [VoiceInfo] {
        files.voices().map(\.info)
    }

    public func configure(_ settings: VoiceSettings) throws {
        guard let voice = try piperVoice(for: settings) else {
            state.withLock { $0.piper = nil }
            return
        }
        try select(voice, settings)
    }

    /// Checks the name without loading a Piper voice's model.
    public func voiceName(_ name: String) throws(NarrateError) -> String {
        var settings = VoiceSettings.standard
        settings.voice = name
        do {
            return try piperVoice(for: settings).map { PiperEngine.voiceName($0.name) } ?? name
        } catch let error as NarrateError {
            throw error
        } catch {
            throw .engine(code: -1, message: "\(error)")
        }
    }

    /// The Piper voice `settings` names; nil for one of eSpeak NG's, which is configured with
    /// them. A name eSpeak NG does not know may be a Piper voice's, or part of it.
    private func piperVoice(for settings: VoiceSettings) throws -> PiperVoiceFiles.Voice? {
        if !settings.voice.lowercased().hasPrefix("piper:") {
            do {
                try espeak.configure(settings)
                return nil
            } catch NarrateError.unknownVoice(let name, let suggestions) {
                guard let voice = try voice(named: settings.voice) else {
                    let piper = files.voices().map { PiperEngine.voiceName($0.name) }
                    throw NarrateError.unknownVoice(name: name, suggestions: suggestions + Self.closest(to: name, among: piper))
                }
                return voice
            }
        }
        guard let voice = try voice(named: settings.voice) else {
            let names = files.voices().map { PiperEngine.voiceName($0.name) }
            guard !names.isEmpty else {
                throw NarrateError.unknownVoice(name: settings.voice, suggestions: [])
            }
            throw NarrateError.unknownVoice(name: settings.voice, suggestions: Self.closest(to: settings.voice, among: names))
        }
        return voice
    }

    /// The installed Piper voice `name` names (looked for once a process, and again when its
    /// model is gone: removed meanwhile), nil when none does.
    private func voice(named name: String) throws(NarrateError) -> PiperVoiceFiles.Voice? {
        if let known = state.withLock({ $0.named[name] }), access(known.modelPath, F_OK) == 0 { return known }
        guard let found = try files.voice(named: name) else { return nil }
        state.withLock { $0.named[name] = found }
        return found
    }

    /// Loads `voice` (once a process) and selects it with `settings`.
    private func select(_ voice: PiperVoiceFiles.Voice, _ settings: VoiceSettings) throws {
        let identity = PreparedModels.key(of: voice.modelPath, runtime: "")
        let loaded = state.withLock { $0.loaded[voice.modelPath] }.flatMap { $0.identity == identity ? $0.voice : nil }
        let piperVoice =
            try loaded ?? PiperVoice(modelPath: voice.modelPath, threads: threads, phonemizer: espeak, preparedModels: preparedModels)
        let engine = PiperEngine(voice: piperVoice)
        var chosen = settings
        chosen.voice = PiperEngine.voiceName(voice.name)
        try engine.configure(chosen)
        state.withLock {
            $0.loaded[voice.modelPath] = (identity, piperVoice)
            $0.piper = engine
        }
    }

    /// The Piper voice selected, by its full name; nil while eSpeak NG speaks (its voices
    /// keep the name they were asked by, as renders made before neural voices are known by it).
    public var selectedVoiceName: String? {
        state.withLock { $0.piper }.map { PiperEngine.voiceName($0.voice.name) }
    }

    /// The Piper voice selected, loaded; nil while eSpeak NG speaks.
    var selectedPiperVoice: PiperVoice? { state.withLock { $0.piper?.voice } }

    /// A Piper voice runs its model on every core (ONNX Runtime's threads).
    public var usesEveryCore: Bool { state.withLock { $0.piper } != nil }

    /// A Piper voice's are estimated when its model gives no durations.
    public var wordTimings: WordTimings { selected.wordTimings }

    public func language(ofSelectedVoice voice: String) -> String? {
        selected.language(ofSelectedVoice: voice)
    }

    public func reset() throws {
        try selected.reset()
    }

    public func synthesize(_ text: String, receive: (SpeechChunk) throws -> Bool) throws {
        let (piper, headFirst) = state.withLock { state in
            defer { state.startsSoon = false }
            return (state.piper, state.startsSoon)
        }
        guard let piper else { return try espeak.synthesize(text, receive: receive) }
        try piper.synthesize(text, headFirst: headFirst, receive: receive)
    }

    public func startSoon(_ soon: Bool) {
        state.withLock { $0.startsSoon = soon }
    }

    /// Up to three of `names` closest to `name` (sharing the most of its letters, in order).
    static func closest(to name: String, among names: [String]) -> [String] {
        let wanted = name.lowercased()
        func shared(_ candidate: String) -> Int {
            let letters = Array(candidate.lowercased())
            var index = 0
            var count = 0
            for letter in wanted {
                guard let found = letters[index...].firstIndex(of: letter) else { continue }
                count += 1
                index = found + 1
            }
            return count
        }
        return names.map { ($0, shared($0)) }.filter { $0.1 * 2 >= wanted.count }.sorted { $0.1 > $1.1 }.prefix(3).map(\.0)
    }
}
