public import NarrateCore
import NarrateIngest
import NarrateRendering

/// The article narrate finds in a page or file and its metadata, so a reader can check what
/// will be read before adding or converting it.
/// Every key is written, `null` when the page does not say.
public struct ArticleExtract: Encodable, Sendable {
    public var title: String
    @Nullable public var byline: String?
    @Nullable public var site: String?
    /// Declared by the page, else detected in its text (nil without language profiles).
    @Nullable public var language: String?
    @Nullable public var published: String?
    @Nullable public var excerpt: String?
    /// Where it was fetched from (after redirects), or the address the page names.
    @Nullable public var url: String?
    /// The article's blocks, separated by blank lines, without the title heading a web
    /// page's reading starts with.
    public var text: String

    /// Reads `input` (a path, "-" or an http(s) URL).
    public init(
        input: String, format: SourceFormat? = nil, environment: [String: String], isCancelled: () -> Bool = { false }
    ) throws(NarrateError) {
        let loaded = try ArticleInput.load(input, format: format, isCancelled: isCancelled)
        let document = loaded.document
        title = document.title
        byline = document.byline
        site = document.site
        language =
            document.language
            ?? SpeechLanguage.detector(engine: nil, environment: environment)?.language(
                of: document.proseText)
        published = document.publishedAt
        excerpt = document.excerpt
        url = loaded.url ?? document.sourceURL
        var blocks = document.blocks
        if let first = blocks.first, first.kind == .heading(level: 1), first.text == document.title {
            blocks.removeFirst()
        }
        text = Block.pageText(of: blocks)
    }
}
