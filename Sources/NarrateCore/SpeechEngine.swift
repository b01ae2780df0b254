/// A speech synthesizer that turns text into 16-bit mono PCM, chunk by chunk.
///
/// The pipeline talks to the engine only through this protocol, so it can be tested with a
/// fake and another engine could be added later.
public protocol SpeechEngine: AnyObject, Sendable {
    /// Samples per second of the audio the engine produces.
    var sampleRate: Int { get }

    /// The engine's version (eSpeak NG's "1.51"): part of a render's cache key, so a
    /// new engine renders anew.
    var version: String { get }

    /// The installed voices: what a voice may be chosen from, and which languages the
    /// engine speaks.
    func voices() -> [VoiceInfo]

    /// The neural voices installed, which `voices()` leaves out until one is selected (so a
    /// command speaking with eSpeak NG looks for none): what "prefer neural voices" picks from.
    func neuralVoices() -> [VoiceInfo]

    /// The full name of the voice `name` selects ("joe": "piper:en_US-joe-medium"), checked
    /// (`.unknownVoice` with the closest names when none), without loading a neural voice's
    /// model: for a front end that keeps a choice but does not speak.
    func voiceName(_ name: String) throws(NarrateError) -> String

    /// Says (`soon`) that a listener waits for the next sentence synthesized (the first of a
    /// `play` or of the web player's live stream): an engine whose first audio of a long
    /// sentence comes late may speak its first words on their own first. Once: the sentences
    /// after are spoken whole. `false` takes it back (a render that synthesized nothing).
    func startSoon(_ soon: Bool)

    /// Selects the voice and its parameters for the following synthesis calls.
    func configure(_ settings: VoiceSettings) throws

    /// The language the engine speaks `voice` in ("en-us"), when `voice` is the one selected
    /// now and the engine can tell without listing its voices; nil otherwise.
    func language(ofSelectedVoice voice: String) -> String?

    /// The full name of the voice selected now when the name it was selected by was a short
    /// spelling of it ("piper:joe" for "piper:en_US-joe-medium"), so that a render is known
    /// by one name; nil when the name selected by is the one to keep.
    var selectedVoiceName: String? { get }

    /// Whether the voice selected now uses every core for one text by itself (a neural
    /// model's threads): a narration is then not spread over processes, whose threads would
    /// together ask for more cores than there are (measured with a Piper voice: two processes
    /// each on both cores took 1.18 times piper's time, one process 0.95).
    var usesEveryCore: Bool { get }

    /// Whether the word timings of the voice selected now are the engine's own or estimated.
    var wordTimings: WordTimings { get }

    /// Starts afresh, as the engine of a new process would, keeping the configured voice:
    /// what it says next no longer depends on what it said before. eSpeak NG carries hidden
    /// state from one synthesis to the next, so a narration resets at points fixed by its
    /// text, and is then the same made in one process or spread over several. Costs nothing
    /// when nothing was synthesized since the last start.
    func reset() throws

    /// Speaks `text`, handing every chunk to `receive` as it is produced.
    ///
    /// The chunk's samples are valid only during the call. `receive` returns `false` to stop
    /// early; the method then returns normally.
    func synthesize(_ text: String, receive: (SpeechChunk) throws -> Bool) throws
}

extension SpeechEngine {
    /// None: an engine of one kind of voice.
    public func neuralVoices() -> [VoiceInfo] { [] }

    /// Nothing to do: its first audio comes at once.
    public func startSoon(_ soon: Bool) {}

    /// Selects it to check it.
    public func voiceName(_ name: String) throws(NarrateError) -> String {
        var settings = VoiceSettings.standard
        settings.voice = name
        try select(settings)
        return selectedVoiceName ?? name
    }

    /// Nil: the language is then looked up in `voices()`.
    public func language(ofSelectedVoice voice: String) -> String? { nil }

    /// Nil: the name a voice was selected by is kept.
    public var selectedVoiceName: String? { nil }

    /// False: one core a process, spread over processes for a long text.
    public var usesEveryCore: Bool { false }

    /// Exact: the engine tells where each word starts.
    public var wordTimings: WordTimings { .exact }

    /// Selects `settings` as `configure` does, with any failure as a `NarrateError` (an
    /// unknown voice, with the closest names, stays what it is).
    public func select(_ settings: VoiceSettings) throws(NarrateError) {
        do {
            try configure(settings)
        } catch let error as NarrateError {
            throw error
        } catch {
            throw .engine(code: -1, message: "\(error)")
        }
    }
}
