/// What the article extractor measures of a node and everything inside it: the length of
/// its text, its commas, and how much of it is links, lists, headings and so on.
///
/// A node's measures are its children's combined, so `HTMLNode` keeps them and works them
/// out again only for the nodes a change reached: each measure is read in constant time
/// (amortized) however deep the page, where walking the subtree for each made extraction
/// cubic in the depth. Sums over elements count the elements inside the node, not the node
/// itself, as the extractor's `elements(_:)` walks do; the text counts the node's own.
struct SubtreeMeasures {
    /// The text, white space collapsed and trimmed (Readability's inner text).
    private(set) var text = CollapsedTextLength.empty
    /// Commas of several scripts in the text (`ReadabilityPatterns.commaCount`).
    private(set) var commas = 0
    /// Text inside links (`a`), each link counted whole, a link in a link again.
    private(set) var linkLength = 0
    /// The part of `linkLength` in links to a place in the page: an `href` of `#` and more.
    private(set) var inPageLinkLength = 0
    /// Text inside links whose `href` starts with `#`, the bare `#` too (tables of contents).
    private(set) var hashLinkLength = 0
    /// Text inside lists (`ul`, `ol`).
    private(set) var listLength = 0
    /// Text inside headings (`h1` to `h6`).
    private(set) var headingLength = 0
    /// Text inside the elements that hold prose (`ArticleExtractor.textishTags`).
    private(set) var proseLength = 0
    /// Elements inside, by kind.
    private(set) var paragraphs: Int32 = 0
    private(set) var images: Int32 = 0
    private(set) var listItems: Int32 = 0
    private(set) var inputs: Int32 = 0
    /// `object`, `embed` and `iframe` elements.
    private(set) var embeds: Int32 = 0
    /// The embeds that show a video (`ReadabilityPatterns.isVideo` on an attribute).
    private(set) var videoEmbeds: Int32 = 0
    /// `br` and `hr` elements.
    private(set) var lineBreaksAndRules: Int32 = 0
    /// Tables marked as holding data (`HTMLNode.isDataTable`).
    private(set) var dataTables: Int32 = 0

    /// The measures of an element with nothing inside.
    static let empty = SubtreeMeasures()

    private init() {}

    /// The measures of a text node.
    init(text: String) {
        self.text = CollapsedTextLength(text)
        commas = ReadabilityPatterns.commaCount(text)
    }

    /// Adds a child's measures (`measures`, already worked out) after the children added so far.
    mutating func append(_ child: HTMLNode, measures: SubtreeMeasures) {
        text = text.followed(by: measures.text)
        commas += measures.commas
        linkLength += measures.linkLength
        inPageLinkLength += measures.inPageLinkLength
        hashLinkLength += measures.hashLinkLength
        listLength += measures.listLength
        headingLength += measures.headingLength
        proseLength += measures.proseLength
        paragraphs += measures.paragraphs
        images += measures.images
        listItems += measures.listItems
        inputs += measures.inputs
        embeds += measures.embeds
        videoEmbeds += measures.videoEmbeds
        lineBreaksAndRules += measures.lineBreaksAndRules
        dataTables += measures.dataTables
        guard child.isElement else { return }
        let length = measures.text.length
        switch child.tag {
        case "a":
            linkLength += length
            let href = child.attribute("href") ?? ""
            if href.utf8.count > 1 && href.utf8.first == UInt8(ascii: "#") { inPageLinkLength += length }
            if href.hasPrefix("#") { hashLinkLength += length }
        case "ul", "ol": listLength += length
        case "h1", "h2", "h3", "h4", "h5", "h6": headingLength += length
        case "p": paragraphs += 1
        case "img": images += 1
        case "li": listItems += 1
        case "input": inputs += 1
        case "object", "embed", "iframe":
            embeds += 1
            if child.attributes.contains(where: { ReadabilityPatterns.isVideo($0.value) }) { videoEmbeds += 1 }
        case "br", "hr": lineBreaksAndRules += 1
        case "table": if child.isDataTable { dataTables += 1 }
        default: break
        }
        if ArticleExtractor.textishTags.contains(child.tag) { proseLength += length }
    }

    /// Share of the text that is link text, links to places in the page counting for 30%;
    /// 0 without text.
    var linkDensity: Double {
        guard text.length > 0 else { return 0 }
        let weighted = Double(linkLength - inPageLinkLength) + Double(inPageLinkLength) * 0.3
        return weighted / Double(text.length)
    }
}
