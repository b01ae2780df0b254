import ArgumentParser
import NarrateAudio
import NarrateCore
import NarrateIngest
import NarrateSpeech
import NarrateText
import Narration
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `narrate convert`: one article in, one audio file out.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Narrate an article (.txt, .md or - for standard input) into a WAV file."
    )

    @Argument(help: "The article: a .txt or .md file, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "The audio file to write (default: INPUT with .wav).")
    var output: String?

    @Option(help: "Read the input as 'text' or 'markdown' (default: from its extension).")
    var format: InputFormat?

    @Option(help: "Voice preset: a name from voices/ or ~/.config/narrate/voices, or a path.")
    var preset: String?

    @Option(help: "eSpeak NG voice name or language code (see 'narrate voices').")
    var voice: String?

    @Option(help: "Speaking rate in words per minute (80-450).")
    var rate: Int?

    @Option(help: "Pitch, 0-99 (50 is the voice's normal).")
    var pitch: Int?

    @Option(help: "Volume, 0-200 (100 is normal).")
    var volume: Int?

    @Option(help: "Extra pause between words, in 10 ms units (0-100).")
    var wordGap: Int?

    @Option(help: "Silence after a sentence, in milliseconds (default 350).")
    var sentencePause: Int?

    @Option(help: "Silence after a paragraph, list item or quote, in milliseconds (default 700).")
    var paragraphPause: Int?

    @Option(help: "Silence after a heading, in milliseconds (default 900).")
    var headingPause: Int?

    @Option(help: "What to say in place of a code block; an empty string skips it silently.")
    var codeNotice: String = MarkdownReader.standardCodeBlockNotice

    @Flag(help: "Read images' alt text (by default images are not read).")
    var readImageDescriptions = false

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

    /// The input formats a user can force.
    enum InputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, markdown
    }

    func validate() throws {
        if input == "-", output == nil {
            throw ValidationError("reading standard input needs -o OUTPUT (where to write the audio)")
        }
        if output == "-" {
            throw ValidationError("writing audio to standard output is not supported; give -o a file name")
        }
        if let output, let dot = output.lastIndex(of: "."), !output[dot...].contains("/"),
           AudioFileFormat(path: output) == nil {
            throw ValidationError("cannot write '\(output[output.index(after: dot)...])' files; narrate writes .wav")
        }
    }

    func run() throws {
        Interruption.install()
        do {
            try convert()
        } catch {
            ErrorReporter.fail(error)
        }
    }

    private func convert() throws(NarrateError) {
        let (voiceSettings, pauses) = try settings()
        let destination = output ?? Self.defaultOutput(for: input)

        if Self.unsupportedInputExtensions.contains(Self.fileExtension(of: input)), format == nil {
            throw .malformedInput(
                path: input,
                message: "is a .\(Self.fileExtension(of: input)) file; narrate reads plain text and Markdown (.txt, .md)"
            )
        }
        let loader = ArticleLoader(markdownReader: MarkdownReader(
            codeBlockNotice: codeNotice, readsImageDescriptions: readImageDescriptions
        ))
        let document = try loader.load(
            path: input, format: format.map { $0 == .markdown ? .markdown : .text },
            isCancelled: { Interruption.isRequested }
        )

        let engine = try ESpeakEngine.shared()
        do {
            try engine.configure(voiceSettings)
        } catch let error as NarrateError {
            throw error
        } catch {
            throw .engine(code: -1, message: "\(error)")
        }

        let writer = try AudioFileWriter(destination: destination, sampleRate: engine.sampleRate, overwrite: force)
        let summary: NarrationSummary
        do {
            summary = try Narrator(engine: engine).narrate(
                document, voice: voiceSettings, pauses: pauses, into: writer,
                isCancelled: { Interruption.isRequested }
            )
        } catch {
            writer.discard()
            if let error = error as? NarrateError {
                throw error
            }
            throw .writeFailed(path: destination, reason: "\(error)")
        }
        if Interruption.isRequested {
            writer.discard()
            throw .interrupted
        }
        try writer.commit()
        print("\(destination) (\(Self.format(duration: summary.duration)), \(summary.sentences.count) sentences)")
    }

    /// Defaults, then the preset, then explicit options; every value checked.
    private func settings() throws(NarrateError) -> (VoiceSettings, PauseSettings) {
        var voiceSettings = VoiceSettings.standard
        var pauses = PauseSettings.standard
        if let preset {
            let library = VoicePresetLibrary.standard(environment: Self.environment(), executablePath: ExecutablePath.current())
            let loaded = try library.preset(preset)
            voiceSettings = loaded.voice
            pauses = loaded.pauses
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
        return (voiceSettings, pauses)
    }

    static let unsupportedInputExtensions: Set<String> = [
        "html", "htm", "xhtml", "pdf", "epub", "docx", "doc", "odt", "rtf", "wav", "mp3", "flac", "ogg",
    ]

    static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// INPUT with its extension replaced by `.wav`.
    static func defaultOutput(for input: String) -> String {
        let slash = input.lastIndex(of: "/")
        if let dot = input.lastIndex(of: "."), slash.map({ dot > input.index(after: $0) }) ?? (dot != input.startIndex) {
            return input[..<dot] + ".wav"
        }
        return input + ".wav"
    }

    /// "1:02:03.4", "2:14.3" or "9.8 s".
    static func format(duration: Double) -> String {
        let tenths = Int((duration * 10).rounded())
        let seconds = tenths / 10
        let fraction = tenths % 10
        if seconds < 60 { return "\(seconds).\(fraction) s" }
        let minutes = seconds / 60
        let secondsPart = seconds % 60
        let padded = secondsPart < 10 ? "0\(secondsPart)" : "\(secondsPart)"
        if minutes < 60 { return "\(minutes):\(padded).\(fraction)" }
        let minutesPart = minutes % 60
        return "\(minutes / 60):\(minutesPart < 10 ? "0" : "")\(minutesPart):\(padded).\(fraction)"
    }

    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        for key in ["XDG_CONFIG_HOME", "HOME", "NARRATE_VOICES_DIR"] {
            if let value = getenv(key) { result[key] = String(cString: value) }
        }
        return result
    }
}
