/// Which parts of an article are read aloud besides its running text: a render setting,
/// from narrate's defaults, then the library's setting, then a preset, then a command's
/// `--read` and `--skip` (or the web player's menu).
///
/// The defaults are what a listener picks: the article, its image descriptions, tables,
/// links (as "link to" their site) and code notices; not its references or footnotes. The
/// page's apparatus (`ReadingPart.apparatus`) is never read, whatever the choices.
public struct ReadingChoices: Sendable, Equatable, Hashable, Codable {
    /// The choosable parts that are read.
    public private(set) var read: Set<ReadingPart>

    /// Choices reading `read` (apparatus is dropped: it is never read).
    public init(read: Set<ReadingPart>) {
        self.read = read.subtracting([.apparatus])
    }

    /// narrate's defaults.
    public static let standard = ReadingChoices(read: [.images, .tables, .code, .urls])

    /// Whether `part` is read (nil: running text, always read).
    public func reads(_ part: ReadingPart?) -> Bool {
        guard let part else { return true }
        return read.contains(part)
    }

    /// These choices with `read` added and then `skip` taken away.
    public func changed(read more: some Sequence<ReadingPart>, skip: some Sequence<ReadingPart>) -> ReadingChoices {
        ReadingChoices(read: read.union(more).subtracting(skip))
    }

    /// The parts not read, of those a listener can choose.
    public var skipped: [ReadingPart] { ReadingPart.choosable.filter { !read.contains($0) } }

    /// The parts read, in `ReadingPart.choosable`'s order.
    public var readInOrder: [ReadingPart] { ReadingPart.choosable.filter { read.contains($0) } }

    /// A canonical text: "read images,tables" and what is skipped, as settings and render keys keep it.
    public var description: String {
        "read \(readInOrder.map(\.rawValue).joined(separator: ",")); skip \(skipped.map(\.rawValue).joined(separator: ","))"
    }

    /// The parts a comma-separated list names ("references,footnotes"; "all" and "none" too);
    /// an `.invalidOption` names the first it does not know, after `option` (where the list
    /// was given: "--read", "read").
    public static func parts(_ list: String, option: String = "read") throws(NarrateError) -> Set<ReadingPart> {
        var parts: Set<ReadingPart> = []
        for name in list.split(separator: ",") {
            let word = String(name.filter { !$0.isWhitespace }).lowercased()
            if word == "all" {
                parts.formUnion(ReadingPart.choosable)
            } else if word == "none" || word.isEmpty {
                continue
            } else if let part = ReadingPart(name: word) {
                parts.insert(part)
            } else {
                throw .invalidOption(
                    name: option,
                    message:
                        "\(option): '\(name)' is not a part narrate reads or skips; use one of \(ReadingPart.choosable.map(\.rawValue).joined(separator: ", ")), all or none"
                )
            }
        }
        return parts
    }

    /// Choices kept as text by `description`'s "read" list (a library setting); nil when the
    /// text is not one.
    public init?(setting: String) {
        guard setting.hasPrefix("read ") else { return nil }
        let list = setting.dropFirst(5).prefix { $0 != ";" }
        guard let parts = try? Self.parts(String(list)) else { return nil }
        self.init(read: parts)
    }
}
