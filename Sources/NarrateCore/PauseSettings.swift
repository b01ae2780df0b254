/// Silence narrate inserts between parts of a document, in milliseconds.
public struct PauseSettings: Sendable, Equatable, Codable {
    /// After a sentence inside a block.
    public var sentence: Int
    /// After a paragraph, list item or quotation.
    public var paragraph: Int
    /// After a heading.
    public var heading: Int

    /// Pauses that sound natural at eSpeak NG's default rate.
    public static let standard = PauseSettings(sentence: 350, paragraph: 700, heading: 900)

    /// The accepted range of every pause.
    public static let range = 0...10_000

    /// Creates pause settings.
    public init(sentence: Int, paragraph: Int, heading: Int) {
        self.sentence = sentence
        self.paragraph = paragraph
        self.heading = heading
    }

    /// Throws `NarrateError.invalidOption` naming the first pause out of range.
    public func validate() throws(NarrateError) {
        for (name, value) in [("sentence pause", sentence), ("paragraph pause", paragraph), ("heading pause", heading)]
        where !Self.range.contains(value) {
            throw .invalidOption(
                name: name,
                message: "\(name) \(value) ms is out of range; use 0 to \(Self.range.upperBound) ms"
            )
        }
    }

    /// The pause after a sentence of a block of `kind`, given whether it ends the block.
    public func milliseconds(after kind: Block.Kind, endsBlock: Bool) -> Int {
        guard endsBlock else { return sentence }
        if case .heading = kind { return heading }
        return paragraph
    }
}
