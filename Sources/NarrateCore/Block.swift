/// One unit of a document's structure: a heading, a paragraph, a list item, a quotation
/// or a spoken notice in place of something that is not read (such as a code block).
public struct Block: Sendable, Equatable, Codable {
    /// What kind of block this is; it decides the pause that follows it.
    public var kind: Kind
    /// The text to speak, with markup removed.
    public var text: String
    /// Where the pieces of `text` stand in the source, in Unicode scalar offsets.
    public var sourceMap: SourceMap

    /// Creates a block.
    public init(kind: Kind, text: String, sourceMap: SourceMap) {
        self.kind = kind
        self.text = text
        self.sourceMap = sourceMap
    }

    /// Whether the text has at least one letter or digit.
    public var isSpeakable: Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// The kinds of block.
    public enum Kind: Sendable, Equatable, Codable {
        /// A heading of the given level (1 is the top).
        case heading(level: Int)
        /// A paragraph of prose.
        case paragraph
        /// An item of a bulleted or numbered list.
        case listItem
        /// A block quotation.
        case quote
        /// Words narrate says in place of something it does not read (a code block).
        case notice
    }
}
