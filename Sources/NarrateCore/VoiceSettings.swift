/// How the speech engine speaks: which voice and how fast, high and loud.
public struct VoiceSettings: Sendable, Equatable, Codable {
    /// An eSpeak NG voice name, file identifier or language code.
    public var voice: String
    /// Words per minute, 80 to 450.
    public var rate: Int
    /// Base pitch, 0 to 99 (50 is the voice's normal).
    public var pitch: Int
    /// Volume, 0 to 200 (100 is normal).
    public var volume: Int
    /// Extra pause between words, in units of 10 ms at the normal rate.
    public var wordGap: Int

    /// eSpeak NG's defaults with the US English voice.
    public static let standard = VoiceSettings(voice: "en-us", rate: 175, pitch: 50, volume: 100, wordGap: 0)

    /// The accepted range of each setting.
    public static let rateRange = 80...450
    /// The accepted pitch range.
    public static let pitchRange = 0...99
    /// The accepted volume range.
    public static let volumeRange = 0...200
    /// The accepted word-gap range.
    public static let wordGapRange = 0...100

    /// Creates settings.
    public init(voice: String, rate: Int, pitch: Int, volume: Int, wordGap: Int = 0) {
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.wordGap = wordGap
    }

    /// Throws `NarrateError.invalidOption` naming the first setting out of range.
    public func validate() throws(NarrateError) {
        if voice.isEmpty { throw .invalidOption(name: "voice", message: "the voice name is empty") }
        try Self.check("rate", rate, Self.rateRange, unit: " words per minute")
        try Self.check("pitch", pitch, Self.pitchRange, unit: "")
        try Self.check("volume", volume, Self.volumeRange, unit: "")
        try Self.check("word gap", wordGap, Self.wordGapRange, unit: "")
    }

    private static func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>, unit: String) throws(NarrateError) {
        guard range.contains(value) else {
            throw .invalidOption(
                name: name,
                message: "\(name) \(value) is out of range; use \(range.lowerBound) to \(range.upperBound)\(unit)"
            )
        }
    }
}
