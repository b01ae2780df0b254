public import NarrateCore

/// A speech engine that produces a fixed number of samples per scalar, for exact arithmetic.
public final class FakeEngine: SpeechEngine, @unchecked Sendable {
    public let sampleRate = 1_000
    public let version: String
    /// What it was asked to speak, in order.
    public var spoken: [String] = []

    /// Whether its audio depends on what it said since its last start, as eSpeak NG's does
    /// (each synthesis's samples are 1 plus the syntheses before it since the start, modulo 5).
    public var carriesState: Bool
    /// Syntheses since the last start.
    public private(set) var sinceStart = 0
    /// How many times it started afresh with something to forget.
    public private(set) var resets = 0

    /// Whether it says it uses every core for one text, as a neural voice does.
    public var usesEveryCore = false
    /// Whether it says its word timings are its own or estimated, as a neural voice without durations does.
    public var wordTimings = WordTimings.exact

    public init(version: String = "fake 1", carriesState: Bool = false) {
        self.version = version
        self.carriesState = carriesState
    }

    public func reset() throws {
        guard sinceStart > 0 else { return }
        sinceStart = 0
        resets += 1
    }
    /// The voice it was last given.
    public var configured: VoiceSettings?

    /// The neural voices it says are installed (none unless a test gives some); it cannot speak them.
    public var neural: [VoiceInfo] = []

    public func neuralVoices() -> [VoiceInfo] { neural }

    /// Two voices, as eSpeak NG lists them: English (America) and Ukrainian.
    public func voices() -> [VoiceInfo] {
        [
            VoiceInfo(name: "English (America)", identifier: "gmw/en-US", languages: ["en-us", "en"], gender: .male),
            VoiceInfo(name: "Ukrainian", identifier: "zle/uk", languages: ["uk"], gender: .male),
        ]
    }

    /// Takes a voice by name, file or language, with or without a "+variant", as eSpeak NG
    /// does; refuses any other.
    public func configure(_ settings: VoiceSettings) throws {
        guard voice(named: settings.voice) != nil else { throw NarrateError.unknownVoice(name: settings.voice, suggestions: []) }
        configured = settings
    }

    /// Whether it tells the language of the voice it has selected, as eSpeak NG does.
    public var reportsLanguages = true

    /// The first language of the voice selected now, when `voice` names it.
    public func language(ofSelectedVoice voice: String) -> String? {
        guard reportsLanguages, configured?.voice == voice else { return nil }
        return self.voice(named: voice)?.languages.first
    }

    private func voice(named name: String) -> VoiceInfo? {
        let wanted = String(name.lowercased().prefix { $0 != "+" })
        return voices().first { voice in
            voice.name.lowercased() == wanted || voice.identifier.lowercased().hasSuffix(wanted) || voice.languages.contains(wanted)
        }
    }

    /// Whether it speaks as eSpeak NG does around pauses: 50 samples of silence before the
    /// first word, letters loud (1,000) and everything between them silent, each word
    /// reported where the silence before it begins rather than where its sound does.
    public var silenceBeforeWords = false
    /// The silence before the first word when `silenceBeforeWords`.
    public static let leadingSilence = 50

    /// Ten samples per scalar of `text`, of value 1 (see `carriesState`).
    public func synthesize(_ text: String, receive: (SpeechChunk) throws -> Bool) throws {
        if silenceBeforeWords { return try synthesizeWithSilences(text, receive: receive) }
        spoken.append(text)
        let value: Int16 = carriesState ? Int16(1 + sinceStart % 5) : 1
        sinceStart += 1
        let samples = [Int16](repeating: value, count: text.unicodeScalars.count * 10)
        // Two chunks, as a streaming engine would hand them over.
        let half = samples.count / 2
        // A word event at each word's first letter, 10 samples per letter, as eSpeak NG
        // reports them (in the chunk whose audio holds the word's start).
        var events: [SpeechEvent] = []
        var inWord = false
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let letter = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if letter, !inWord { events.append(SpeechEvent(kind: .word, textOffset: offset, length: 1, sampleOffset: offset * 10)) }
            inWord = letter
        }
        let first = events.filter { $0.sampleOffset < half }
        let second = events.filter { $0.sampleOffset >= half }
        try samples.withUnsafeBufferPointer { buffer in
            guard try receive(SpeechChunk(samples: UnsafeBufferPointer(rebasing: buffer[..<half]), events: first)) else { return }
            _ = try receive(SpeechChunk(samples: UnsafeBufferPointer(rebasing: buffer[half...]), events: second))
        }
    }

    private func synthesizeWithSilences(_ text: String, receive: (SpeechChunk) throws -> Bool) throws {
        spoken.append(text)
        sinceStart += 1
        let lead = Self.leadingSilence
        let scalars = Array(text.unicodeScalars)
        var samples = [Int16](repeating: 0, count: lead + scalars.count * 10)
        var events: [SpeechEvent] = []
        var inWord = false
        var silenceStart = 0
        for (offset, scalar) in scalars.enumerated() {
            let letter = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if letter {
                for index in 0..<10 { samples[lead + offset * 10 + index] = 1_000 }
                if !inWord { events.append(SpeechEvent(kind: .word, textOffset: offset, length: 1, sampleOffset: silenceStart)) }
            } else if inWord {
                silenceStart = lead + offset * 10
            }
            inWord = letter
        }
        try samples.withUnsafeBufferPointer { buffer in
            _ = try receive(SpeechChunk(samples: buffer, events: events))
        }
    }
}
