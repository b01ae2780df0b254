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
        abstract: "Narrate an article (.txt, .md, .html, a URL or - for standard input) into an audio file (wav, flac, ogg, opus, mp3)."
    )

    @Argument(help: "The article: a .txt or .md file, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "The audio file to write, or - for standard output (default: INPUT with the format's extension).")
    var output: String?

    @Option(help: "Read the input as 'text', 'markdown' or 'html' (default: from its extension).")
    var inputFormat: InputFormat?

    @OptionGroup var encodingOptions: EncodingOptions

    @OptionGroup var chapterOptions: ChapterOptions

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
        do throws(NarrateError) {
            _ = try encodingOptions.encoding(output: output)
            try chapterOptions.validate(output: output ?? Self.defaultOutput(for: input), sync: nil)
        } catch {
            throw ValidationError(error.description)
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
        let encoding = try encodingOptions.encoding(output: output)
        let destination = output ?? Self.defaultOutput(for: input, fileExtension: encoding.format.fileExtension)
        let split = try chapterOptions.splitRule()

        let loader = ArticleLoader(markdownReader: MarkdownReader(
            codeBlockNotice: codeNotice, readsImageDescriptions: readImageDescriptions
        ))
        let document = try ArticleInput.load(input, format: inputFormat?.sourceFormat, loader: loader, isCancelled: { Interruption.isRequested }).document

        let engine = try ESpeakEngine.shared()
        // Without --voice or --preset, the article's language picks the voice.
        let declared = language ?? document.language
        let detected = declared == nil ? SpeechLanguage.detect(in: document, engine: engine, environment: NarrateEnvironment.variables()) : nil
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

        let code = SpeechLanguage.resolve(
            option: language, document: document, detected: detected, voice: voiceSettings.voice, engine: engine
        )
        let narrator = Narrator(engine: engine, language: code, lexicon: lexicon)
        let sentences = narrator.segmenter.sentences(of: document)
        let output = try AudioOutputSet(
            destination: destination, sampleRate: engine.sampleRate, encoding: encoding,
            tags: AudioTags(document: document, album: encodingOptions.album), overwrite: force, split: split,
            chapterStarts: ChapterList.chapterStarts(document: document, sentences: sentences).map(\.index)
        )
        let summary: NarrationSummary
        do {
            summary = try narrator.narrate(
                document, sentences: sentences, voice: voiceSettings, pauses: pauses, into: output.sink,
                isCancelled: { Interruption.isRequested }, beforeSentence: { try output.sentenceStarting($0) }
            )
        } catch {
            output.discard()
            if let error = error as? NarrateError {
                throw error
            }
            throw .writeFailed(path: destination, reason: "\(error)")
        }
        if Interruption.isRequested {
            output.discard()
            throw .interrupted
        }
        let samples = summary.sentenceSamples.map { Int64($0.lowerBound)..<Int64($0.upperBound) }
        let chapters = ChapterList(document: document, sentences: summary.sentences, samples: samples, sampleRate: summary.sampleRate)
        let paths = try output.commit(markers: chapters.markers)
        if let chaptersPath = chapterOptions.chapters {
            try chapters.write(to: chaptersPath, title: document.title)
        }
        OutputReport.report(
            "\(OutputReport.describe(paths)) (\(DurationText.precise(summary.duration)), \(summary.sentences.count) sentences, voice \(voiceSettings.voice))",
            toStandardOutput: destination != AudioFileWriter.standardOutput
        )
    }

    /// INPUT with its extension replaced by `.EXT` (`wav` unless another format is chosen).
    static func defaultOutput(for input: String, fileExtension: String = "wav") -> String {
        let slash = input.lastIndex(of: "/")
        if let dot = input.lastIndex(of: "."), slash.map({ dot > input.index(after: $0) }) ?? (dot != input.startIndex) {
            return input[..<dot] + "." + fileExtension
        }
        return input + "." + fileExtension
    }


}
