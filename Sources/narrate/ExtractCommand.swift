import ArgumentParser
import NarrateCore
import Narration
import NarrateIngest
import NarrateSpeech

/// `narrate extract`: the article narrate finds in a page (or file) and its metadata, so a
/// user can check what will be read before adding or converting it.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Print the article narrate would read from a web page, file or URL, with its title and byline."
    )

    @Argument(help: "A web page (.html), text or Markdown file, an http(s) URL, or - for standard input.")
    var input: String

    @Option(name: [.customLong("input-format"), .long], help: "Read the input as 'text', 'markdown' or 'html' (default: from its extension or content type).")
    var format: InputFormat?

    @Flag(help: "Print a JSON object: title, byline, site, language, published, excerpt, url and text.")
    var json = false

    /// The `--json` object.
    struct Extract: Encodable {
        var title: String
        var byline: String?
        var site: String?
        var language: String?
        var published: String?
        var excerpt: String?
        var url: String?
        /// The article's blocks, separated by blank lines.
        var text: String

        private enum Key: String, CodingKey {
            case title, byline, site, language, published, excerpt, url, text
        }

        /// Every key is written, `null` when the page does not say.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(title, forKey: .title)
            try container.encode(byline, forKey: .byline)
            try container.encode(site, forKey: .site)
            try container.encode(language, forKey: .language)
            try container.encode(published, forKey: .published)
            try container.encode(excerpt, forKey: .excerpt)
            try container.encode(url, forKey: .url)
            try container.encode(text, forKey: .text)
        }
    }

    func run() throws {
        Interruption.install()
        do throws(NarrateError) {
            let loaded = try ArticleInput.load(input, format: format?.sourceFormat, isCancelled: { Interruption.isRequested })
            let document = loaded.document
            let language = document.language
                ?? SpeechLanguage.detector(engine: nil, environment: NarrateEnvironment.variables())?.language(of: document.blocks.map(\.text).joined(separator: "\n\n"))
            let extract = Extract(
                title: document.title, byline: document.byline, site: document.site, language: language,
                published: document.publishedAt, excerpt: document.excerpt, url: loaded.url ?? document.sourceURL,
                text: Self.bodyText(of: document)
            )
            if json {
                try JSONOutput.print(extract)
                return
            }
            print(extract.title)
            let details = [extract.byline, extract.site, extract.published, extract.language, extract.url].compactMap { $0 }
            if !details.isEmpty { print(details.joined(separator: " · ")) }
            print("")
            print(extract.text)
        } catch {
            ErrorReporter.fail(error)
        }
    }

    /// The blocks as paragraphs, without the title heading a web page's reading starts with.
    static func bodyText(of document: Document) -> String {
        var blocks = document.blocks
        if let first = blocks.first, first.kind == .heading(level: 1), first.text == document.title {
            blocks.removeFirst()
        }
        return blocks.map(\.text).joined(separator: "\n\n")
    }
}
