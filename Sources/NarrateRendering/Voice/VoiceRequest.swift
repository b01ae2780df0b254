public import NarrateCore
public import NarrateText

/// What a front end asks of a voice: a preset and any single settings, each optional. The
/// settings come from the defaults, then the preset, then these values; `resolve` checks
/// every one. Codable, so a queued job carries it as it was asked.
public struct VoiceRequest: Sendable, Equatable, Codable {
    /// A preset's name (from `voices/` or `~/.config/narrate/voices`) or path.
    public var preset: String?
    /// An eSpeak NG voice name or language code.
    public var voice: String?
    /// Words per minute.
    public var rate: Int?
    /// Pitch, 0 to 99.
    public var pitch: Int?
    /// Volume, 0 to 200.
    public var volume: Int?
    /// Extra pause between words, in 10 ms units.
    public var wordGap: Int?
    /// Silence after a sentence, in milliseconds.
    public var sentencePause: Int?
    /// Silence after a paragraph, in milliseconds.
    public var paragraphPause: Int?
    /// Silence after a heading, in milliseconds.
    public var headingPause: Int?
    /// Parts read besides the choices of the library and the preset (`--read`).
    public var read: [ReadingPart]?
    /// Parts not read whatever those choices say (`--skip`).
    public var skip: [ReadingPart]?

    /// A request; nil leaves a setting to the preset or the defaults.
    public init(
        preset: String? = nil, voice: String? = nil, rate: Int? = nil, pitch: Int? = nil, volume: Int? = nil,
        wordGap: Int? = nil, sentencePause: Int? = nil, paragraphPause: Int? = nil, headingPause: Int? = nil,
        read: [ReadingPart]? = nil, skip: [ReadingPart]? = nil
    ) {
        self.read = read
        self.skip = skip
        self.preset = preset
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.wordGap = wordGap
        self.sentencePause = sentencePause
        self.paragraphPause = paragraphPause
        self.headingPause = headingPause
    }

    /// Whether the voice itself was chosen (a voice or a preset), so an article's language
    /// does not pick it.
    public var choosesVoice: Bool { voice != nil || preset != nil }

    /// What is read: `base` (narrate's defaults, or the library's setting), then the preset's
    /// `read` and `skip`, then this request's.
    public func reading(presets: VoicePresetLibrary, base: ReadingChoices = .standard) throws(NarrateError) -> ReadingChoices {
        var choices = base
        if let preset {
            let loaded = try presets.preset(preset)
            choices = choices.changed(read: loaded.read, skip: loaded.skip)
        }
        return choices.changed(read: read ?? [], skip: skip ?? [])
    }

    /// Defaults, then the preset (looked up in `presets`), then the values asked for; every
    /// value checked.
    public func resolve(presets: VoicePresetLibrary) throws(NarrateError) -> (VoiceSettings, PauseSettings, PronunciationLexicon) {
        var voiceSettings = VoiceSettings.standard
        var pauses = PauseSettings.standard
        var lexicon = PronunciationLexicon()
        if let preset {
            let loaded = try presets.preset(preset)
            voiceSettings = loaded.voice
            pauses = loaded.pauses
            lexicon = loaded.lexicon
        }
        if let voice { voiceSettings.voice = voice }
        if let rate { voiceSettings.rate = rate }
        if let pitch { voiceSettings.pitch = pitch }
        if let volume { voiceSettings.volume = volume }
        if let wordGap { voiceSettings.wordGap = wordGap }
        if let sentencePause { pauses.sentence = sentencePause }
        if let paragraphPause { pauses.paragraph = paragraphPause }
        if let headingPause { pauses.heading = headingPause }
        try voiceSettings.validate()
        try pauses.validate()
        return (voiceSettings, pauses, lexicon)
    }
}
