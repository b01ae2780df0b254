/// An article read into narratable blocks, independent of the format it came from.
public struct Document: Sendable, Equatable, Codable {
    /// The article's title: its first heading, or its first line.
    public var title: String
    /// The blocks to speak, in reading order.
    public var blocks: [Block]
    /// The format the document was read from.
    public var format: SourceFormat
    /// The language the article declares (Markdown front matter `lang:`), if any.
    public var language: String?

    /// Creates a document.
    public init(title: String, blocks: [Block], format: SourceFormat, language: String? = nil) {
        self.title = title
        self.blocks = blocks
        self.format = format
        self.language = language
    }

    /// Whether any block has something to say.
    public var hasSpeakableText: Bool {
        blocks.contains { $0.isSpeakable }
    }
}

/// The formats narrate reads.
public enum SourceFormat: String, Sendable, Equatable, CaseIterable, Codable {
    /// Plain text: paragraphs separated by blank lines.
    case text
    /// CommonMark with GitHub extensions.
    case markdown
}
