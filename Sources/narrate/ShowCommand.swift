import ArgumentParser
import NarrateCore
import NarrateLibrary
import NarrateSpeech

/// `narrate show`: one article's details and text (or JSON), optionally its sentences.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show an article of the library.")

    @Argument(help: "The article's id (see 'narrate list').")
    var id: Int64

    @Flag(help: "Also list its sentences, one per line with their index.")
    var sentences = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    /// The JSON form.
    struct Details: Encodable {
        var id: Int64
        var title: String
        var byline: String?
        var site: String?
        var sourceURL: String?
        var sourcePath: String?
        var language: String?
        /// The voice it is narrated with: its own, else the one its language picks.
        var voice: String
        var published: String?
        var savedAt: String
        var format: String
        var wordCount: Int
        var listeningSeconds: Double
        var tags: [String]
        var contentHash: String
        var text: String
        var sentences: [SentenceDetails]?
    }

    /// One sentence in the JSON form.
    struct SentenceDetails: Encodable {
        var index: Int
        var block: Int
        var start: Int
        var end: Int
        var text: String
    }

    func run() throws {
        do throws(NarrateError) {
            let library = try libraryOptions.open()
            let article = try library.article(id: id)
            let text = article.document.blocks.map(\.text).joined(separator: "\n\n")
            var sentenceDetails: [SentenceDetails]?
            if sentences {
                sentenceDetails = try library.sentences(ofArticle: id).map { sentence in
                    let scalars = Array(article.document.blocks[sentence.blockIndex].text.unicodeScalars)
                    let range = sentence.textRange.clamped(to: 0..<scalars.count)
                    return SentenceDetails(
                        index: sentence.position, block: sentence.blockIndex, start: sentence.sourceRange.lowerBound,
                        end: sentence.sourceRange.upperBound, text: String(String.UnicodeScalarView(scalars[range]))
                    )
                }
            }
            let summary = article.summary
            let engine = try? ESpeakEngine.shared()
            let voice = article.voice ?? summary.language.flatMap { language in
                engine.flatMap { DefaultVoices.voice(forLanguage: language, among: $0.voices()) }
            } ?? VoiceSettings.standard.voice
            if json {
                try JSONOutput.print(Details(
                    id: summary.id, title: summary.title, byline: article.byline, site: article.site,
                    sourceURL: article.sourceURL, sourcePath: article.sourcePath, language: summary.language,
                    voice: voice, published: article.publishedAt, savedAt: summary.savedAt, format: article.document.format.rawValue,
                    wordCount: summary.wordCount, listeningSeconds: summary.listeningSeconds, tags: summary.tags,
                    contentHash: article.contentHash, text: text, sentences: sentenceDetails
                ))
                return
            }
            var fields: [(String, String?)] = [
                ("id", String(summary.id)), ("title", summary.title), ("byline", article.byline), ("site", article.site),
                ("source", article.sourceURL ?? article.sourcePath), ("language", summary.language), ("voice", voice),
                ("published", article.publishedAt), ("saved", summary.savedAt),
                ("length", "\(summary.wordCount) words, \(DurationText.minutes(summary.listeningSeconds)) at 175 wpm"),
            ]
            if !summary.tags.isEmpty { fields.append(("tags", summary.tags.joined(separator: ", "))) }
            for (name, value) in fields {
                guard let value else { continue }
                print("\(name):\(String(repeating: " ", count: 10 - name.count))\(value)")
            }
            print("")
            if let sentenceDetails {
                for sentence in sentenceDetails { print("\(sentence.index)\t\(sentence.text.split(whereSeparator: \.isNewline).joined(separator: " "))") }
            } else {
                print(text)
            }
        } catch {
            ErrorReporter.fail(error)
        }
    }
}
