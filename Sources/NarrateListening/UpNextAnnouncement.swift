import Foundation
public import NarrateAudio
public import NarrateCore

/// What `narrate play` says between two articles of the up-next queue: a two-note chime,
/// then the next article's title, spoken by eSpeak NG in the article's language.
public struct UpNextAnnouncement {
    /// The voices the title is spoken with.
    public let engine: any SpeechEngine

    public init(engine: any SpeechEngine) {
        self.engine = engine
    }

    /// Plays the chime and `title` (in `language`, else English) into `sink`; a title the
    /// engine cannot speak is left out, the chime alone announcing the article.
    public func announce(title: String, language: String?, into sink: any PlaybackSink) throws(PlaybackSinkError) {
        try sink.play(Self.chime(sampleRate: sink.sampleRate))
        var spoken: [Int16] = []
        do {
            var settings = VoiceSettings.standard
            if let language, !language.isEmpty { settings.voice = language }
            do { try engine.select(settings) } catch { try engine.select(.standard) }
            try engine.synthesize(title) { chunk in
                spoken.append(contentsOf: chunk.samples)
                return spoken.count < sink.sampleRate * 30
            }
        } catch {
            spoken = []
        }
        if !spoken.isEmpty { try sink.play(spoken) }
    }

    /// Two soft notes (A5, then E6), 0.12 s each, and a rest: 16-bit mono at `sampleRate`.
    public static func chime(sampleRate: Int) -> [Int16] {
        var samples: [Int16] = []
        let noteLength = Int(Double(sampleRate) * 0.12)
        for frequency in [880.0, 1318.5] {
            for index in 0..<noteLength {
                let time = Double(index) / Double(sampleRate)
                // A quick rise and a long fall: a bell, not a beep.
                let envelope = min(1, Double(index) / (0.005 * Double(sampleRate))) * exp(-time * 18)
                samples.append(Int16(sin(2 * .pi * frequency * time) * envelope * 0.3 * Double(Int16.max)))
            }
        }
        samples.append(contentsOf: repeatElement(0, count: sampleRate / 4))
        return samples
    }
}
