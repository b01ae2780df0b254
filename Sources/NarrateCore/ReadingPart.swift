/// A part of an article that is not its running text, which a listener may or may not want
/// read: a reference list, footnotes, image descriptions, tables, code notices, URLs; or
/// the page's apparatus (edit links, footnote markers, "jump to" links, navigation boxes,
/// image credits), which is never read.
public enum ReadingPart: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// Reference lists, bibliographies, "External links" and "Further reading" sections.
    case references
    /// Footnotes and endnotes (their text; the markers in the text are apparatus).
    case footnotes
    /// Images' descriptions: alt text and captions.
    case images
    /// Tables, read a row at a time.
    case tables
    /// The notice said in place of a code block.
    case code
    /// URLs in the text, read as "link to" their site.
    case urls
    /// What only a page needs: edit links, footnote markers, jump links, navigation, image
    /// credits. Never read.
    case apparatus

    /// The parts a listener can choose to hear or not, in the order they are shown.
    public static let choosable: [ReadingPart] = [.references, .footnotes, .images, .tables, .code, .urls]

    /// What a setting or a menu calls it.
    public var label: String {
        switch self {
        case .references: "References and external links"
        case .footnotes: "Footnotes"
        case .images: "Image descriptions"
        case .tables: "Tables"
        case .code: "Code notices"
        case .urls: "Links (as \u{201C}link to\u{201D} their site)"
        case .apparatus: "Edit links, footnote markers and navigation"
        }
    }

    /// The part a name on a command line or in a preset gives ("references", "image" and
    /// "images", "links" for URLs), nil for any other.
    public init?(name: String) {
        let name = String(name.filter { !$0.isWhitespace }).lowercased()
        switch name {
        case "references", "reference", "refs", "bibliography": self = .references
        case "footnotes", "footnote", "notes": self = .footnotes
        case "images", "image", "image-descriptions", "alt": self = .images
        case "tables", "table": self = .tables
        case "code", "code-notices": self = .code
        case "urls", "url", "links", "link": self = .urls
        default: return nil
        }
    }
}
