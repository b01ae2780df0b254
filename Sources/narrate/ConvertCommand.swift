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
        abstract: "Narrate an article (.txt, .md, .html, a URL or - for standard input) into a WAV file."
    )

    @Argument(help: "The article: a .txt or .md file, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "The audio file to write (default: INPUT with .wav).")
    var output: String?

    @Option(help: "Read the input as 'text', 'markdown' or 'html' (default: from its extension).")
    var format: InputFormat?

    @Option(help: "Language rules for sentences and pronunciation (such as en, uk); default: the article's declared language, else the voice's.")
    var language: String?

    @OptionGroup var voiceOptions: VoiceOptions

    @Option(help: "What to say in place of a code block; an empty string skips it silently.")
    var codeNotice: String = MarkdownReader.standardCodeBlockNotice

    @Flag(help: "Read images' alt text (by default images are not read).")
    var readImageDescriptions = false

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

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
        var (voiceSettings, pauses, lexicon) = try voiceOptions.settings()
        if let language { try SpeechLanguage.validate(language) }
        let destination = output ?? Self.defaultOutput(for: input)

        let loader = ArticleLoader(markdownReader: MarkdownReader(
            codeBlockNotice: codeNotice, readsImageDescriptions: readImageDescriptions
        ))
        let document = try ArticleInput.load(input, format: format, loader: loader).document

        let engine = try ESpeakEngine.shared()
        // Without --voice or --preset, the article's language picks the voice.
        let declared = language ?? document.language
        let detected = declared == nil ? SpeechLanguage.detect(in: document, engine: engine) : nil
        if !voiceOptions.choosesVoice, let articleLanguage = declared ?? detected,
           let chosen = DefaultVoices.voice(forLanguage: LanguageRules.primaryCode(of: articleLanguage), among: engine.voices()) {
            voiceSettings.voice = chosen
        }
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
            let code = SpeechLanguage.resolve(
                option: language, document: document, detected: detected, voice: voiceSettings.voice, engine: engine
            )
            summary = try Narrator(engine: engine, language: code, lexicon: lexicon).narrate(
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
        print(
            "\(destination) (\(Self.format(duration: summary.duration)), \(summary.sentences.count) sentences, voice \(voiceSettings.voice))"
        )
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
        for key in ["XDG_CONFIG_HOME", "HOME", "NARRATE_VOICES_DIR", "NARRATE_TEXTCAT_DATA"] {
            if let value = getenv(key) { result[key] = String(cString: value) }
        }
        return result
    }
}
