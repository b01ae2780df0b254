import ArgumentParser
import NarrateCore
import NarrateImport
import NarrateListening
import NarratePiper
import NarrateSpeech
import NarrateTerminal

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

    func run() throws {
        let details = try ArticleDetails(
            id: id, library: libraryOptions.open(), withSentences: sentences, engine: { try? VoiceEngines.shared() }
        )
        if json {
            try JSONOutput.print(details)
            return
        }
        var fields: [(String, String?)] = [
            ("id", String(details.id)), ("title", details.title), ("byline", details.byline), ("site", details.site),
            ("source", details.sourceURL ?? details.sourcePath), ("language", details.language), ("voice", details.voice),
            ("published", details.published), ("saved", details.savedAt),
            ("length", "\(details.wordCount) words, \(DurationText.minutes(details.listeningSeconds)) at 175 wpm"),
        ]
        if !details.tags.isEmpty { fields.append(("tags", details.tags.joined(separator: ", "))) }
        for (name, value) in fields {
            guard let value else { continue }
            print("\(name):\(String(repeating: " ", count: 10 - name.count))\(value)")
        }
        print("")
        if let sentences = details.sentences {
            for sentence in sentences {
                print("\(sentence.index)\t\(sentence.text.split(whereSeparator: \.isNewline).joined(separator: " "))")
            }
        } else {
            print(details.text)
        }
    }
}
