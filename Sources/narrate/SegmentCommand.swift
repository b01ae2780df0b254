import ArgumentParser
import NarrateCore
import NarrateIngest
import NarrateSpeech
import NarrateText
import Narration
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `narrate segment`: the sentences narrate would speak, as they stand in the source, or
/// in the form eSpeak NG receives, so a user can see where the text is cut and why
/// something sounds wrong.
struct SegmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segment",
        abstract: "Print an article's sentences, one per line (or as JSON with their ranges)."
    )

    @Argument(help: "The article: a .txt or .md file, or - for standard input.")
    var input: String

    @Option(help: "Language rules to use (such as en, uk, de); default: the article's declared language, else the preset's voice, else en.")
    var language: String?

    @Option(help: "Voice preset whose language and pronunciation lexicon apply (see 'narrate convert --help').")
    var preset: String?

    @Option(name: [.customLong("input-format"), .long], help: "Read the input as 'text', 'markdown' or 'html' (default: from its extension).")
    var format: InputFormat?

    @Flag(help: "Print each sentence as eSpeak NG will receive it (abbreviations expanded, URLs shortened, ...).")
    var spoken = false

    @Flag(help: "Print a JSON array: index, block, start and end (Unicode scalar offsets in the source), byteStart and byteEnd (UTF-8), text and spoken.")
    var json = false

    func run() throws {
        Interruption.install()
        do {
            try segment()
        } catch {
            ErrorReporter.fail(error)
        }
    }

    private func segment() throws(NarrateError) {
        if let language { try SpeechLanguage.validate(language) }
        var lexicon = PronunciationLexicon()
        var presetVoice: String?
        if let preset {
            let loaded = try NarrateEnvironment.presets().preset(preset)
            lexicon = loaded.lexicon
            presetVoice = loaded.voice.voice
        }
        let loaded = try ArticleInput.load(input, format: format?.sourceFormat, isCancelled: { Interruption.isRequested })
        let (document, source) = (loaded.document, loaded.source)
        let engine = presetVoice == nil ? nil : try? ESpeakEngine.shared()
        let code = SpeechLanguage.resolve(option: language, document: document, voice: presetVoice, engine: engine)
        let sentences = SentenceSegmenter(language: code).sentences(of: document)
        let normalizer = SpeechNormalizer(language: code, lexicon: lexicon)
        let sourceScalars = Array(source.unicodeScalars)

        if json {
            var byteOffsets: [Int] = []
            byteOffsets.reserveCapacity(sourceScalars.count + 1)
            var bytes = 0
            for scalar in sourceScalars {
                byteOffsets.append(bytes)
                bytes += UTF8.width(scalar)
            }
            byteOffsets.append(bytes)
            let records = sentences.enumerated().map { index, sentence in
                let range = sentence.sourceRange.clamped(to: 0..<sourceScalars.count)
                return Record(
                    index: index, block: sentence.blockIndex, start: range.lowerBound, end: range.upperBound,
                    byteStart: byteOffsets[range.lowerBound], byteEnd: byteOffsets[range.upperBound],
                    text: String(String.UnicodeScalarView(sourceScalars[range])), spoken: normalizer.spoken(sentence.text)
                )
            }
            try JSONOutput.print(records)
            return
        }
        var output = ""
        for sentence in sentences {
            let line: String
            if spoken {
                line = normalizer.spoken(sentence.text)
            } else {
                let range = sentence.sourceRange.clamped(to: 0..<sourceScalars.count)
                line = Self.oneLine(sourceScalars[range])
            }
            output += line
            output += "\n"
        }
        print(output, terminator: "")
    }

    /// The sentence with each line break (and the spaces around it) turned into one space.
    static func oneLine(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var result = String.UnicodeScalarView()
        var pendingBreak = false
        for scalar in scalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}" {
                while let last = result.last, last == " " || last == "\t" { result.removeLast() }
                pendingBreak = true
            } else if pendingBreak, scalar == " " || scalar == "\t" {
                continue
            } else {
                if pendingBreak { result.append(" ") }
                pendingBreak = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// One sentence in the JSON output.
    struct Record: Encodable {
        var index: Int
        var block: Int
        var start: Int
        var end: Int
        var byteStart: Int
        var byteEnd: Int
        var text: String
        var spoken: String
    }
}
