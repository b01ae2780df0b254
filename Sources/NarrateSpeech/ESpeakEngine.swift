internal import CNarrateESpeakShim
public import NarrateCore
import Synchronization

/// The process's one owner of eSpeak NG.
///
/// libespeak-ng keeps its whole state (voice, parameters, the synth callback, buffers) in
/// process globals and is not thread-safe: two threads synthesizing at once silently corrupt
/// each other's audio (espeak-ng issues #68, #659, #1527). So there is exactly one
/// `ESpeakEngine` per process, made by `shared(dataPath:)`, and every call into the library
/// runs under its lock. Work that needs parallel synthesis uses several processes.
public final class ESpeakEngine: SpeechEngine {
    /// Samples per second of eSpeak NG's output (22,050 Hz for its own voices).
    public let sampleRate: Int
    /// The library's version, such as "1.51".
    public let version: String
    /// The data directory eSpeak NG loaded its voices from.
    public let dataPath: String

    private let state = EngineLock<VoiceSettings?>(nil)
    private let voiceList = Mutex<[VoiceInfo]?>(nil)
    /// Whether anything was synthesized since eSpeak NG was (re)started.
    private let spokeSinceStart = Mutex(false)
    /// Whether phonemes were asked for since the last start: the next synthesis starts afresh.
    private let phonemizedSinceStart = Mutex(false)
    private static let instance = EngineLock<ESpeakEngine?>(nil)

    /// Milliseconds of audio in each chunk eSpeak NG hands over.
    static let chunkMilliseconds: Int32 = 100

    /// Returns the process's engine, initialising eSpeak NG on first use.
    ///
    /// - Parameter dataPath: eSpeak NG's data directory; `nil` uses `$ESPEAK_DATA_PATH`, then
    ///   the library's built-in location. Only the first successful call's path counts.
    public static func shared(dataPath: String? = nil) throws(NarrateError) -> ESpeakEngine {
        let result: Result<ESpeakEngine, NarrateError> = instance.withLock { engine in
            if let engine { return .success(engine) }
            var rate: Int32 = 0
            let status = narrate_espeak_initialize(dataPath, chunkMilliseconds, &rate)
            guard status == 0 else { return .failure(Self.error(status)) }
            let made = ESpeakEngine(
                sampleRate: Int(rate),
                version: String(cString: narrate_espeak_version()),
                dataPath: String(cString: narrate_espeak_data_path())
            )
            engine = made
            return .success(made)
        }
        return try result.get()
    }

    private init(sampleRate: Int, version: String, dataPath: String) {
        self.sampleRate = sampleRate
        self.version = version
        self.dataPath = dataPath
    }

    /// Selects the voice and sets rate, pitch, volume and word gap.
    ///
    /// Throws `NarrateError.unknownVoice` with the closest installed names when the voice
    /// does not exist, and `NarrateError.invalidOption` for values out of range.
    public func configure(_ settings: VoiceSettings) throws {
        try settings.validate()
        let result: Result<Void, NarrateError> = state.withLock { current in
            Self.applyLocked(settings, current: &current)
        }
        try result.get()
    }

    /// Sets `settings` in eSpeak NG where they differ from `current`; the caller holds the lock.
    private static func applyLocked(_ settings: VoiceSettings, current: inout VoiceSettings?) -> Result<Void, NarrateError> {
        if current == settings { return .success(()) }
        if current?.voice != settings.voice {
            let status = narrate_espeak_set_voice(settings.voice)
            if status == voiceNotFoundStatus {
                current = nil
                return .failure(
                    .unknownVoice(
                        name: settings.voice,
                        suggestions: VoiceCatalog(voices: Self.listVoicesLocked()).closestNames(to: settings.voice)
                    ))
            }
            guard status == 0 else {
                current = nil
                return .failure(Self.error(status))
            }
        }
        let parameters: [(Int32, Int)] = [
            (Int32(NARRATE_ESPEAK_RATE), settings.rate),
            (Int32(NARRATE_ESPEAK_PITCH), settings.pitch),
            (Int32(NARRATE_ESPEAK_VOLUME), settings.volume),
            (Int32(NARRATE_ESPEAK_WORD_GAP), settings.wordGap),
        ]
        for (parameter, value) in parameters {
            let status = narrate_espeak_set_parameter(parameter, Int32(value))
            guard status == 0 else {
                current = nil
                return .failure(Self.error(status))
            }
        }
        current = settings
        return .success(())
    }

    /// Unloads libespeak-ng and loads it again (its hidden state lives in file-level statics
    /// no call resets), then sets the voice and parameters again; nothing happens when
    /// nothing was synthesized since the last start.
    public func reset() throws {
        let result: Result<Void, NarrateError> = state.withLock { current in
            guard spokeSinceStart.withLock({ $0 }) || phonemizedSinceStart.withLock({ $0 }) else { return .success(()) }
            return startAfreshLocked(current: &current)
        }
        try result.get()
    }

    /// Starts eSpeak NG afresh with `settings` and returns the bytes libespeak-ng then holds
    /// of its own allocations: what a fresh start allocates, whatever it held before (it keeps
    /// some blocks until the process ends, such as the second translator a language switch
    /// makes, and a reset frees them with the library). 0 where they are not counted (macOS).
    package func startAfreshHolding(_ settings: VoiceSettings) throws -> Int {
        let result: Result<Int, NarrateError> = state.withLock { current in
            current = settings
            if case .failure(let error) = startAfreshLocked(current: &current) { return .failure(error) }
            return .success(Int(narrate_espeak_held_bytes()))
        }
        return try result.get()
    }

    /// Unloads and loads eSpeak NG again and sets `current` again; the caller holds the lock.
    private func startAfreshLocked(current: inout VoiceSettings?) -> Result<Void, NarrateError> {
        let status = narrate_espeak_reset()
        guard status == 0 else {
            current = nil
            return .failure(Self.error(status))
        }
        spokeSinceStart.withLock { $0 = false }
        phonemizedSinceStart.withLock { $0 = false }
        guard let settings = current else { return .success(()) }
        current = nil
        return Self.applyLocked(settings, current: &current)
    }

    /// Speaks `text` with the configured voice, handing PCM chunks and events to `receive`.
    public func synthesize(_ text: String, receive: (SpeechChunk) throws -> Bool) throws {
        try withoutActuallyEscaping(receive) { receive in
            let context = SynthesisContext(receive: receive)
            let status: Int32 = state.withLock { current in
                // Asking for phonemes leaves eSpeak NG in a state that shifts the next
                // synthesis's word events (after a long paragraph's phonemes, "Hello there,
                // listener." had five word events, two at the wrong words): start afresh first.
                if phonemizedSinceStart.withLock({ $0 }), case .failure(let error) = startAfreshLocked(current: &current) {
                    context.error = error
                    return 0
                }
                spokeSinceStart.withLock { $0 = true }
                var utf8 = text
                return utf8.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        var stopped: Int32 = 0
                        return narrate_espeak_synthesize(
                            chars.baseAddress, chars.count, 0, synthesisSink,
                            Unmanaged.passUnretained(context).toOpaque(), &stopped
                        )
                    }
                }
            }
            if let error = context.error { throw error }
            guard status == 0 else { throw Self.error(status) }
        }
    }

    /// One clause of eSpeak NG's phonemes: IPA (words separated by spaces), and the
    /// punctuation that ended the clause in the text (`.` `?` `!` `,` `:` `;`, a dash as
    /// `;`), or nil.
    public struct PhonemeClause: Sendable, Equatable {
        public var phonemes: String
        public var terminator: Character?

        public init(phonemes: String, terminator: Character?) {
            self.phonemes = phonemes
            self.terminator = terminator
        }
    }

    /// The phonemes of `text` in `voice`'s language, clause by clause: what a Piper voice
    /// speaks from. The voice is selected for it and the one configured before set again.
    public func phonemes(of text: String, voice: String) throws(NarrateError) -> [PhonemeClause] {
        let result: Result<[PhonemeClause], NarrateError> = state.withLock { current in
            let previous = current
            var settings = current ?? VoiceSettings.standard
            settings.voice = voice
            if case .failure(let error) = Self.applyLocked(settings, current: &current) { return .failure(error) }
            // A NUL would end the C string early: the text after it would be lost.
            let clean = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? " " : $0 }))
            let collector = PhonemeCollector(text: Array(clean.utf8))
            let status = clean.withCString { narrate_espeak_phonemes($0, Unmanaged.passUnretained(collector).toOpaque(), phonemeSink) }
            phonemizedSinceStart.withLock { $0 = true }
            if let previous, previous != current, case .failure(let error) = Self.applyLocked(previous, current: &current) {
                return .failure(error)
            }
            guard status == 0 else { return .failure(Self.error(status)) }
            return .success(collector.clauses)
        }
        return try result.get()
    }

    /// The installed voices, sorted by language then name; read once per process, since
    /// eSpeak NG reads every voice file again on each listing (a batch asked for each article).
    public func voices() -> [VoiceInfo] {
        if let listed = voiceList.withLock({ $0 }) { return listed }
        let listed = state.withLock { _ in Self.listVoicesLocked() }
        voiceList.withLock { $0 = listed }
        return listed
    }

    public func language(ofSelectedVoice voice: String) -> String? {
        state.withLock { current -> String? in
            guard current?.voice == voice else { return nil }
            var buffer = [CChar](repeating: 0, count: 64)
            guard narrate_espeak_current_language(&buffer, buffer.count) == 0 else { return nil }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Reads the voice list; the caller holds the engine's lock.
    private static func listVoicesLocked() -> [VoiceInfo] {
        let count = narrate_espeak_voice_count()
        var voices: [VoiceInfo] = []
        voices.reserveCapacity(count)
        var languages = [CChar](repeating: 0, count: 512)
        for index in 0..<count {
            var name: UnsafePointer<CChar>?
            var identifier: UnsafePointer<CChar>?
            var gender: Int32 = 0
            var age: Int32 = 0
            guard narrate_espeak_voice_info(index, &name, &identifier, &languages, languages.count, &gender, &age) == 0
            else { continue }
            let languageList = String(decoding: languages.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            voices.append(
                VoiceInfo(
                    name: name.map { String(cString: $0) } ?? "",
                    identifier: identifier.map { String(cString: $0) } ?? "",
                    languages: languageList.split(separator: ",").map(String.init),
                    gender: VoiceInfo.Gender(code: Int(gender))
                ))
        }
        return voices.sorted { ($0.languages.first ?? "", $0.name) < ($1.languages.first ?? "", $1.name) }
    }

    /// Turns an eSpeak NG (or shim) status code into a typed error with its text.
    static func error(_ status: Int32) -> NarrateError {
        var buffer = [CChar](repeating: 0, count: 256)
        narrate_espeak_status_text(status, &buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .engine(code: status, message: message.isEmpty ? "unknown status" : message)
    }
}

/// eSpeak NG's ENS_VOICE_NOT_FOUND.
private let voiceNotFoundStatus: Int32 = 0x1000_06FF

/// What one synthesis call hands through eSpeak NG's user_data to the C sink.
private final class SynthesisContext {
    let receive: (SpeechChunk) throws -> Bool
    var error: (any Error)?

    init(receive: @escaping (SpeechChunk) throws -> Bool) {
        self.receive = receive
    }
}

/// The C callback: recovers the context from user_data and calls the Swift closure.
private let synthesisSink: narrate_espeak_sink = { context, samples, count, events, eventCount in
    guard let context else { return 1 }
    let synthesis = Unmanaged<SynthesisContext>.fromOpaque(context).takeUnretainedValue()
    var speechEvents: [SpeechEvent] = []
    if let events, eventCount > 0 {
        speechEvents.reserveCapacity(eventCount)
        for event in UnsafeBufferPointer(start: events, count: eventCount) {
            let kind: SpeechEvent.Kind
            switch Int(event.kind) {
            case Int(NARRATE_ESPEAK_EVENT_SENTENCE): kind = .sentence
            case Int(NARRATE_ESPEAK_EVENT_WORD): kind = .word
            case Int(NARRATE_ESPEAK_EVENT_END): kind = .end
            default: continue
            }
            speechEvents.append(
                SpeechEvent(
                    kind: kind, textOffset: Int(event.text_offset), length: Int(event.length),
                    sampleOffset: Int(event.sample_offset)
                ))
        }
    }
    let chunk = SpeechChunk(samples: UnsafeBufferPointer(start: samples, count: count), events: speechEvents)
    do {
        return try synthesis.receive(chunk) ? 0 : 1
    } catch {
        synthesis.error = error
        return 1
    }
}

/// Gathers the clauses `narrate_espeak_phonemes` hands over, with the terminator each ended at.
private final class PhonemeCollector {
    let text: [UInt8]
    var clauses: [ESpeakEngine.PhonemeClause] = []

    init(text: [UInt8]) {
        self.text = text
    }

    /// The punctuation that ended the clause read from `start` to `end` (one character into
    /// the next clause unless `last`).
    func terminator(start: Int, end: Int, last: Bool) -> Character? {
        guard start < end, end <= text.count else { return nil }
        var read = String(decoding: text[start..<end], as: UTF8.self)
        if !last, !read.isEmpty { read.removeLast() }
        while let final = read.last, final.isWhitespace { read.removeLast() }
        switch read.last {
        case ".", "?", "!", ",", ":", ";": return read.last
        case "\u{2014}", "\u{2013}": return ";"
        default: return nil
        }
    }
}

private func phonemeSink(_ context: UnsafeMutableRawPointer?, _ phonemes: UnsafePointer<CChar>?, _ start: Int, _ end: Int, _ last: Int32) {
    guard let context, let phonemes else { return }
    let collector = Unmanaged<PhonemeCollector>.fromOpaque(context).takeUnretainedValue()
    let terminator = collector.terminator(start: start, end: end, last: last != 0)
    collector.clauses.append(ESpeakEngine.PhonemeClause(phonemes: String(cString: phonemes), terminator: terminator))
}
