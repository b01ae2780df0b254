import Foundation
public import NarrateAudio
public import NarrateCore

/// Everything a batch worker needs to know of a render besides the article: the voice asked
/// for, the encoding and the album tag. A job carries it as versioned JSON, so a worker reads
/// exactly what was asked, whichever front end queued it.
public struct RenderRequest: Sendable, Equatable, Codable {
    /// The version of this shape; a request of a newer one is refused, not misread.
    public var version: Int
    /// The voice asked for (a preset, a voice, single settings).
    public var voice: VoiceRequest
    /// The file's format, rate and bitrate or quality.
    public var encoding: AudioEncoding
    /// The album tag.
    public var album: String

    /// The version this code writes and reads.
    public static let currentVersion = 1

    /// A request of the current version.
    public init(voice: VoiceRequest = VoiceRequest(), encoding: AudioEncoding = .wav, album: String = AudioTags.defaultAlbum) {
        version = Self.currentVersion
        self.voice = voice
        self.encoding = encoding
        self.album = album
    }

    /// The JSON a job stores.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }

    /// The request stored as `json`; `.invalidOption` named "request" when it does not read
    /// or is of a version this code does not know.
    public init(json: String) throws(NarrateError) {
        let decoded: RenderRequest
        do {
            decoded = try JSONDecoder().decode(RenderRequest.self, from: Data(json.utf8))
        } catch {
            throw .invalidOption(name: "request", message: "the job's render request does not read: \(json)")
        }
        guard decoded.version <= Self.currentVersion else {
            throw .invalidOption(
                name: "request",
                message: "the job's render request is of version \(decoded.version); this narrate reads up to \(Self.currentVersion)"
            )
        }
        self = decoded
    }

    /// The request of a job queued before requests were typed (schema v3), whose options were
    /// stored as the command line gave them (`--rate 160 --format mp3 --bitrate 48k`).
    /// Values are checked when the request is resolved, as they were then.
    public init(legacyArguments arguments: [String]) throws(NarrateError) {
        var values: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            guard name.hasPrefix("--"), index + 1 < arguments.count else {
                throw .invalidOption(name: "request", message: "the job's options do not read: \(arguments.joined(separator: " "))")
            }
            values[String(name.dropFirst(2))] = arguments[index + 1]
            index += 2
        }
        func number(_ name: String) throws(NarrateError) -> Int? {
            guard let text = values[name] else { return nil }
            let digits = name == "bitrate" && text.lowercased().hasSuffix("k") ? String(text.dropLast()) : text
            guard let value = Int(digits) else {
                throw .invalidOption(name: "request", message: "the job's --\(name) \(text) is not a number")
            }
            return value
        }
        let known: Set<String> = [
            "preset", "voice", "rate", "pitch", "volume", "word-gap", "sentence-pause", "paragraph-pause", "heading-pause",
            "format", "bitrate", "quality", "sample-rate", "album",
        ]
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw .invalidOption(name: "request", message: "the job's option --\(unknown) is not one narrate knows")
        }
        let voice = VoiceRequest(
            preset: values["preset"], voice: values["voice"], rate: try number("rate"), pitch: try number("pitch"),
            volume: try number("volume"), wordGap: try number("word-gap"), sentencePause: try number("sentence-pause"),
            paragraphPause: try number("paragraph-pause"), headingPause: try number("heading-pause")
        )
        var format = AudioFileFormat.wav
        if let name = values["format"] {
            guard let parsed = AudioFileFormat(rawValue: name.lowercased()) else {
                throw .invalidOption(name: "request", message: "the job's --format \(name) is not one narrate writes")
            }
            format = parsed
        }
        var quality: Double?
        if let text = values["quality"] {
            guard let value = Double(text) else {
                throw .invalidOption(name: "request", message: "the job's --quality \(text) is not a number")
            }
            quality = value
        }
        let encoding = AudioEncoding(
            format: format, sampleRate: try number("sample-rate"), bitrate: try number("bitrate"), quality: quality)
        self.init(voice: voice, encoding: encoding, album: values["album"] ?? AudioTags.defaultAlbum)
    }
}
