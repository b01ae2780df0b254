import NarrateCore

/// Which part of an article an element of a page or a section of a document is, when it is
/// not running text: the classes, roles and tags wikis, blogs and news sites give their
/// reference lists, footnotes, navigation and edit links, and the headings of reference
/// sections in the languages narrate knows.
///
/// The text stays in the document (extraction is measured whole); the part decides only
/// whether a listener's `ReadingChoices` read it.
enum ReadingPartRules {
    /// Class words of what only a page needs: edit links, footnote markers and back links,
    /// "jump to" links, navigation boxes, tables of contents, notes about the page itself,
    /// image credits.
    static let apparatusClasses: Set<String> = [
        "mw-editsection", "editsection", "reference", "mw-ref", "noprint", "mw-jump-link", "skip-link", "skip-to-content",
        "navbox", "vertical-navbox", "navbox-inner", "toc", "toccolours", "hatnote", "mw-cite-backlink", "catlinks",
        "printfooter", "metadata", "ambox", "mbox-small", "sistersitebox", "footnote-ref", "footnote-backref",
        "footnote-back", "footnote-return", "reversefootnote", "credit", "credits", "image-credit", "photo-credit",
        "media-credit", "caption-credit", "img-credit", "photo-caption-credit",
    ]
    /// Class words of reference lists and bibliographies.
    static let referenceClasses: Set<String> = [
        "references", "reflist", "refbegin", "mw-references-wrap", "bibliography", "citations", "references-list",
    ]
    /// Class words of footnotes and endnotes.
    static let footnoteClasses: Set<String> = ["footnotes", "footnote", "footnotes-list", "endnotes", "footnote-list"]

    /// The ARIA roles (DPUB-ARIA among them) of parts.
    static let roles: [String: ReadingPart] = [
        "navigation": .apparatus, "doc-noteref": .apparatus, "doc-backlink": .apparatus, "doc-toc": .apparatus,
        "doc-pagebreak": .apparatus, "doc-bibliography": .references, "doc-endnotes": .footnotes,
        "doc-footnote": .footnotes, "doc-endnote": .footnotes,
    ]

    /// EPUB 3's structural semantics (`epub:type`): DPUB-ARIA's roles without "doc-", and the
    /// words EPUB has besides (the page list, landmarks, plural and "rear" notes).
    static let epubTypes: [String: ReadingPart] = Dictionary(
        uniqueKeysWithValues: roles.compactMap { role, part in role.hasPrefix("doc-") ? (String(role.dropFirst(4)), part) : nil }
    ).merging(
        ["page-list": .apparatus, "landmarks": .apparatus, "footnotes": .footnotes, "rearnote": .footnotes, "rearnotes": .footnotes]
    ) { derived, _ in derived }

    /// The part `node` is, nil for running text.
    static func part(of node: HTMLNode) -> ReadingPart? {
        if let carried = node.carriedPart { return carried }
        switch node.tag {
        case "nav": return .apparatus
        case "figcaption": return .images
        default: break
        }
        if let role = node.attribute("role")?.lowercased(), let part = roles[role] { return part }
        if let types = node.attribute("epub:type") {
            for word in types.split(separator: " ") { if let part = epubTypes[word.lowercased()] { return part } }
        }
        let classes = node.className
        guard !classes.isEmpty else { return nil }
        var found: ReadingPart?
        for word in classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let word = word.lowercased()
            if apparatusClasses.contains(word) { return .apparatus }
            if found == nil, referenceClasses.contains(word) { found = .references }
            if found == nil, footnoteClasses.contains(word) { found = .footnotes }
        }
        return found
    }

    /// The part inside `outer` of something that is `inner` by itself: apparatus wherever it
    /// is, else the outer part (a table in a reference list is the list's).
    static func combine(_ outer: ReadingPart?, _ inner: ReadingPart?) -> ReadingPart? {
        inner == .apparatus ? .apparatus : outer ?? inner
    }

    /// Headings that open a section of references, by language: English, German, Ukrainian,
    /// French, Spanish, Polish and Russian.
    static let referenceHeadings: Set<String> = [
        "references", "reference", "sources", "bibliography", "citations", "works cited", "further reading",
        "external links", "see also", "literature", "notes and references", "references and notes",
        "einzelnachweise", "literatur", "weblinks", "quellen", "siehe auch", "belege",
        "джерела", "література", "посилання", "див. також", "дивіться також", "бібліографія",
        "références", "bibliographie", "liens externes", "voir aussi",
        "referencias", "bibliografía", "enlaces externos", "véase también",
        "przypisy", "bibliografia", "linki zewnętrzne", "zobacz też",
        "литература", "ссылки", "источники", "см. также",
    ]
    /// Headings that open a section of footnotes.
    static let footnoteHeadings: Set<String> = [
        "notes", "footnotes", "endnotes", "explanatory notes", "anmerkungen", "fußnoten", "примітки", "виноски",
        "notes et références", "notas", "uwagi", "примечания",
    ]

    /// Marks the sections under reference and footnote headings ("References", "Примітки")
    /// as those parts: the heading and every block up to the next heading of its level or
    /// above. Blocks already of a part keep it.
    static func markSections(_ blocks: inout [Block]) {
        var section: (part: ReadingPart, level: Int)?
        for index in blocks.indices {
            if case .heading(let level) = blocks[index].kind {
                if let open = section, level <= open.level { section = nil }
                if section == nil, let part = headingPart(blocks[index]) {
                    section = (part, level)
                }
            }
            if let section, blocks[index].part == nil { blocks[index].part = section.part }
        }
    }

    /// The part a heading opens, by its words (without its edit link or numbering).
    static func headingPart(_ heading: Block) -> ReadingPart? {
        var scalars = Array(heading.text.unicodeScalars)
        for aside in heading.asides ?? [] where aside.part == .apparatus {
            let range = aside.range.clamped(to: 0..<scalars.count)
            for offset in range { scalars[offset] = " " }
        }
        let words = String(String.UnicodeScalarView(scalars)).lowercased()
            .split(whereSeparator: { $0.isWhitespace })
            .filter { word in !word.allSatisfy { $0.isNumber || $0 == "." } }
            .joined(separator: " ")
            .trimmingTrailing { $0 == ":" || $0 == "." }
        if referenceHeadings.contains(words) { return .references }
        if footnoteHeadings.contains(words) { return .footnotes }
        return nil
    }
}

extension String {
    fileprivate func trimmingTrailing(while drop: (Character) -> Bool) -> String {
        var result = self
        while let last = result.last, drop(last) { result.removeLast() }
        return result
    }
}
