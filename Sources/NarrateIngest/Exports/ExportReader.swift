import Foundation
public import NarrateCore

/// Reads the exports of read-later services and browsers into saved links, recognising each
/// by its content: Pocket (its CSV, and its older HTML export), Instapaper (CSV), Wallabag
/// (JSON, content included), Omnivore (its zip, or its metadata JSON with the Markdown or
/// HTML content files beside it when they are there), a browser's bookmarks (the Netscape bookmark file
/// every browser writes), and a plain list of URLs.
public enum ExportReader {
    /// The formats, as a person names them.
    public enum Format: String, Sendable, CaseIterable {
        case pocketCSV = "Pocket (CSV)"
        case pocketHTML = "Pocket (HTML)"
        case instapaper = "Instapaper (CSV)"
        case wallabag = "Wallabag (JSON)"
        case omnivore = "Omnivore (JSON)"
        case omnivoreArchive = "Omnivore (zip)"
        case bookmarks = "browser bookmarks (HTML)"
        case urlList = "a list of URLs"
    }

    /// The line that names what narrate reads, for a file that is none of them.
    public static let knownFormats =
        "narrate reads exports of Pocket (CSV or HTML), Instapaper (CSV), Wallabag (JSON), Omnivore (zip or JSON), browser bookmarks (HTML) and lists of URLs"

    /// The links in the export at `path`: a file, or the folder of an unpacked Omnivore
    /// export (its `metadata_N_to_M.json` files, with `content/` beside them).
    public static func read(path: String, isCancelled: () -> Bool = { false }) throws(NarrateError) -> (Format, [SavedLink]) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return try omnivoreFolder(path)
        }
        // A zip is read entry by entry from its path, never whole; any other export is at
        // most InputLimits.exportBytes.
        if isZipFile(path) { return try omnivoreArchive(path: path) }
        return try read(try readList(path, isCancelled: isCancelled), path: path)
    }

    /// The bytes of the list at `path` (an export file, one of Omnivore's metadata files),
    /// at most `InputLimits.exportBytes`.
    static func readList(_ path: String, isCancelled: () -> Bool = { false }) throws(NarrateError) -> [UInt8] {
        do throws(FileContents.ReadError) {
            return try FileContents.read(path, limit: InputLimits.exportBytes, isCancelled: isCancelled)
        } catch {
            if error.isTooLarge { throw .inputTooLarge(path: path, limit: InputLimits.exportBytes, kind: "one export file") }
            throw .inputUnavailable(path: path, reason: error.reason)
        }
    }

    /// Whether the file at `path` begins as a zip archive does.
    private static func isZipFile(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4)).map { [UInt8]($0) } ?? []
        return ExportArchive.isZip(head)
    }

    /// The links in the export `bytes`, read from `path` (Omnivore's content files are looked
    /// for beside it), and which format it was.
    public static func read(_ bytes: [UInt8], path: String) throws(NarrateError) -> (Format, [SavedLink]) {
        if ExportArchive.isZip(bytes) { return try omnivoreArchive(path: path) }
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
        guard !trimmed.isEmpty else { throw .emptyInput(path: path) }
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") {
            return try json(bytes, path: path)
        }
        let lowered = trimmed.prefix(4096).lowercased()
        if lowered.hasPrefix("<!doctype netscape-bookmark-file") || lowered.contains("<dl") && lowered.contains("<dt") {
            return (.bookmarks, bookmarks(trimmed, base: path))
        }
        if lowered.hasPrefix("<") {
            if lowered.contains("pocket export") || lowered.contains("<h1>unread</h1>") {
                return (.pocketHTML, pocketHTML(trimmed))
            }
            throw .malformedInput(path: path, message: "an HTML file that is neither a bookmarks nor a Pocket export; \(knownFormats)")
        }
        let firstLine = trimmed.prefix { $0 != "\n" && $0 != "\r" }.lowercased()
        if firstLine.hasPrefix("title,url,time_added") {
            return (.pocketCSV, pocketCSV(try table(trimmed, path: path)))
        }
        if firstLine.hasPrefix("url,title,selection,folder") {
            return (.instapaper, instapaper(try table(trimmed, path: path)))
        }
        let lines = trimmed.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let urls = lines.compactMap(absoluteURL)
        if !urls.isEmpty, urls.count == lines.count {
            var seen = Set<String>()
            return (.urlList, urls.filter { seen.insert($0).inserted }.map { SavedLink(url: $0) })
        }
        throw .malformedInput(path: path, message: "not an export narrate knows; \(knownFormats)")
    }

    /// The CSV table in `text`, read from `path`.
    private static func table(_ text: String, path: String) throws(NarrateError) -> CSVTable {
        do throws(CSVTable.Failure) {
            return try CSVTable(text)
        } catch .unavailable {
            throw .readerUnavailable(format: "CSV exports", reason: "libcsv (libcsv.so.3) cannot be loaded", package: "libcsv3")
        } catch {
            throw .malformedInput(path: path, message: "too large to read as CSV: memory ran out")
        }
    }

    // MARK: Pocket

    private static func pocketCSV(_ table: CSVTable) -> [SavedLink] {
        table.records.compactMap { record in
            guard let url = absoluteURL(record["url"] ?? "") else { return nil }
            return SavedLink(
                url: url, title: nonEmpty(record["title"]), savedAt: unixTime(record["time_added"]),
                tags: splitTags(record["tags"] ?? "", separators: "|,"), archived: (record["status"] ?? "").lowercased() == "archive"
            )
        }
    }

    /// Pocket's HTML export: `<h1>Unread</h1><ul><li><a href time_added tags>` and a
    /// `<h1>Read Archive</h1>` list.
    private static func pocketHTML(_ text: String) -> [SavedLink] {
        guard let root = try? HTMLParser().parse(text, name: "export") else { return [] }
        var links: [SavedLink] = []
        var archived = false
        root.forEachDescendant { node in
            if node.tag == "h1" {
                archived = ArticleText.innerText(node).lowercased().contains("archive")
            } else if node.tag == "a", let url = node.attribute("href").flatMap(absoluteURL) {
                links.append(
                    SavedLink(
                        url: url, title: nonEmpty(ArticleText.innerText(node)), savedAt: unixTime(node.attribute("time_added")),
                        tags: splitTags(node.attribute("tags") ?? "", separators: ","), archived: archived
                    ))
            }
        }
        return links
    }

    // MARK: Instapaper

    private static func instapaper(_ table: CSVTable) -> [SavedLink] {
        table.records.compactMap { record in
            guard let url = absoluteURL(record["url"] ?? "") else { return nil }
            let folder = (record["folder"] ?? "").trimmingCharacters(in: .whitespaces)
            var tags: [String] = []
            // Newer exports carry tags as a JSON array.
            if let raw = record["tags"], let data = raw.data(using: .utf8),
                let array = try? JSONSerialization.jsonObject(with: data) as? [Any]
            {
                tags = array.compactMap { $0 as? String }
            }
            let lowered = folder.lowercased()
            if !folder.isEmpty, !["unread", "archive", "starred"].contains(lowered) { tags.append(folder) }
            if lowered == "starred" { tags.append("starred") }
            return SavedLink(
                url: url, title: nonEmpty(record["title"]), savedAt: unixTime(record["timestamp"]), tags: tags,
                archived: lowered == "archive"
            )
        }
    }

    // MARK: Wallabag and Omnivore

    private static func json(_ bytes: [UInt8], path: String) throws(NarrateError) -> (Format, [SavedLink]) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw .malformedInput(path: path, message: "not valid JSON; \(knownFormats)")
        }
        let entries = (object as? [Any] ?? (object as? [String: Any]).map { [$0] } ?? []).compactMap { $0 as? [String: Any] }
        guard let first = entries.first else { throw .malformedInput(path: path, message: "a JSON file without entries; \(knownFormats)") }
        if first["is_archived"] != nil || first["reading_time"] != nil || first["domain_name"] != nil {
            return (.wallabag, entries.compactMap(wallabag))
        }
        if first["slug"] != nil || first["savedAt"] != nil || first["labels"] != nil {
            let folder = (path as NSString).deletingLastPathComponent
            let content = contentFolder("\(folder.isEmpty ? "." : folder)/content")
            return (.omnivore, entries.compactMap { omnivore($0, content: content) })
        }
        throw .malformedInput(path: path, message: "a JSON file that is neither a Wallabag nor an Omnivore export; \(knownFormats)")
    }

    private static func wallabag(_ entry: [String: Any]) -> SavedLink? {
        guard let url = (entry["url"] as? String).flatMap(absoluteURL) else { return nil }
        // 1 or true, as Wallabag's versions wrote it.
        let flag = entry["is_archived"]
        let archived = (flag as? NSNumber)?.boolValue ?? (flag as? Bool) ?? false
        let tags = (entry["tags"] as? [Any] ?? []).compactMap { ($0 as? String) ?? (($0 as? [String: Any])?["label"] as? String) }
        return SavedLink(
            url: url, title: nonEmpty(entry["title"] as? String), savedAt: (entry["created_at"] as? String).flatMap(FeedTimestamp.iso8601),
            tags: tags, archived: archived, content: nonEmpty(entry["content"] as? String), contentIsHTML: true,
            language: nonEmpty(entry["language"] as? String)
        )
    }

    /// Where an Omnivore entry's article is: a file, or an entry too large to be one.
    enum OmnivoreContent {
        case file(String)
        case tooLarge(String)
    }

    /// Omnivore's zip: its `metadata_N_to_M.json` files, and the articles in `content/`
    /// unpacked one by one into a folder of their own, read when their link is taken.
    private static func omnivoreArchive(path: String) throws(NarrateError) -> (Format, [SavedLink]) {
        let folder = try UnpackedExport()
        let archive = try ExportArchive(path: path, folder: folder) { entry in
            let parts = entry.split(separator: "/")
            guard let name = parts.last else { return .skip }
            if name.hasSuffix(".json") { return isOmnivoreMetadata(name) ? .keep : .skip }
            guard parts.count >= 2, parts[parts.count - 2] == "content", name.hasSuffix(".md") || name.hasSuffix(".html"),
                !name.hasPrefix(".")
            else { return .skip }
            return .unpack(as: String(name))
        }
        let metadata = archive.files.filter { $0.key.hasSuffix(".json") }
        guard !metadata.isEmpty else {
            throw .malformedInput(path: path, message: "a zip archive without Omnivore's metadata files; \(knownFormats)")
        }
        var content: [String: OmnivoreContent] = [:]
        let unpackedFiles = contentFolder(folder.path)
        for name in archive.unpacked.values { content[name] = unpackedFiles(name) }
        for entry in archive.tooLarge { content[String(entry.split(separator: "/").last ?? "")] = .tooLarge("\(path): \(entry)") }
        let entries = try omnivoreEntries(metadata, path: path)
        let links = entries.compactMap { entry -> SavedLink? in
            var link = omnivore(entry, content: { content[$0] })
            if link?.contentFile != nil { link?.unpacked = folder }
            return link
        }
        return (.omnivoreArchive, links)
    }

    /// An unpacked Omnivore export: the folder of its metadata files.
    private static func omnivoreFolder(_ path: String) throws(NarrateError) -> (Format, [SavedLink]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter(isOmnivoreMetadata)
        guard !names.isEmpty else {
            throw .malformedInput(path: path, message: "a folder without Omnivore's metadata_*.json files; name an export file instead")
        }
        var metadata: [String: [UInt8]] = [:]
        for name in names { metadata[name] = try readList("\(path)/\(name)") }
        let entries = try omnivoreEntries(metadata, path: path)
        let content = contentFolder("\(path)/content")
        return (.omnivore, entries.compactMap { omnivore($0, content: content) })
    }

    /// The articles of an Omnivore `content/` folder beside its metadata, by file name: a
    /// file there that is not empty.
    private static func contentFolder(_ folder: String) -> (String) -> OmnivoreContent? {
        { name in
            let path = "\(folder)/\(name)"
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0 else { return nil }
            return .file(path)
        }
    }

    private static func isOmnivoreMetadata(_ name: some StringProtocol) -> Bool {
        name.hasPrefix("metadata") && name.hasSuffix(".json")
    }

    /// The entries of Omnivore's metadata files, in the order of the items they hold
    /// (metadata_0_to_49, metadata_50_to_99, …).
    private static func omnivoreEntries(_ files: [String: [UInt8]], path: String) throws(NarrateError) -> [[String: Any]] {
        var entries: [[String: Any]] = []
        for name in files.keys.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(files[name] ?? [])) as? [Any] else {
                throw .malformedInput(path: path, message: "\(name) is not Omnivore's metadata (a JSON array)")
            }
            entries += object.compactMap { $0 as? [String: Any] }
        }
        return entries
    }

    /// An Omnivore entry, with its content from `content/SLUG.md` (or `.html`) when the
    /// export has it: `content` says where a file of that folder is, by name.
    private static func omnivore(_ entry: [String: Any], content file: (String) -> OmnivoreContent?) -> SavedLink? {
        guard let url = (entry["url"] as? String).flatMap(absoluteURL) else { return nil }
        var found: OmnivoreContent?
        var isHTML = false
        if let slug = entry["slug"] as? String, !slug.contains("/"), !slug.hasPrefix(".") {
            for (name, html) in [("\(slug).md", false), ("\(slug).html", true)] {
                if let content = file(name) {
                    found = content
                    isHTML = html
                    break
                }
            }
        }
        let labels = (entry["labels"] as? [Any] ?? []).compactMap { ($0 as? String) ?? (($0 as? [String: Any])?["name"] as? String) }
        let state = (entry["state"] as? String ?? "").lowercased()
        var link = SavedLink(
            url: url, title: nonEmpty(entry["title"] as? String), savedAt: (entry["savedAt"] as? String).flatMap(FeedTimestamp.iso8601),
            tags: labels, archived: state == "archived" || (entry["isArchived"] as? Bool ?? false), contentIsHTML: isHTML
        )
        switch found {
        case .file(let path): link.contentFile = path
        case .tooLarge(let name): link.contentTooLarge = name
        case nil: break
        }
        return link
    }

    // MARK: Bookmarks

    /// A Netscape bookmark file: each link with its folders (the bar and menu roots left out)
    /// and the browser's TAGS attribute as tags.
    private static func bookmarks(_ text: String, base: String) -> [SavedLink] {
        guard let root = try? HTMLParser().parse(text, name: base) else { return [] }
        var links: [SavedLink] = []
        var seen = Set<String>()
        let roots: Set<String> = [
            "bookmarks bar", "bookmarks toolbar", "bookmarks menu", "other bookmarks", "mobile bookmarks", "favorites bar",
        ]
        func walk(_ node: HTMLNode, folders: [String]) {
            for child in node.elementChildren {
                switch child.tag {
                case "a":
                    guard let url = child.attribute("href").flatMap(absoluteURL), seen.insert(url).inserted else { continue }
                    var tags = splitTags(child.attribute("tags") ?? "", separators: ",")
                    for folder in folders where !tags.contains(folder) { tags.append(folder) }
                    links.append(
                        SavedLink(
                            url: url, title: nonEmpty(ArticleText.innerText(child)), savedAt: unixTime(child.attribute("add_date")),
                            tags: tags
                        ))
                case "dt":
                    // A folder is a <dt> with its name in an <h3> and its links in a <dl>.
                    var inner = folders
                    if let heading = child.elementChildren.first(where: { $0.tag == "h3" }) {
                        let name = ArticleText.innerText(heading).trimmingCharacters(in: .whitespacesAndNewlines)
                        if !name.isEmpty, !roots.contains(name.lowercased()) { inner.append(name) }
                    }
                    walk(child, folders: inner)
                default:
                    walk(child, folders: folders)
                }
            }
        }
        walk(root, folders: [])
        return links
    }

    // MARK: Fields

    static func absoluteURL(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = trimmed.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), !trimmed.contains(" ") else { return nil }
        return FeedLink.absolute(trimmed, against: trimmed)
    }

    private static func unixTime(_ text: String?) -> String? {
        // Seconds after 1970 and before the year 10,000 (1e308 or "inf" is no time).
        guard let text, let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds > 0, seconds < 253_402_300_800 else {
            return nil
        }
        return Date(timeIntervalSince1970: seconds).formatted(Date.ISO8601FormatStyle())
    }

    private static func splitTags(_ text: String, separators: String) -> [String] {
        text.split(whereSeparator: { separators.contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
