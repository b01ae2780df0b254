/// YAML front matter (`---` … `---` at the very start), which is metadata, not prose.
struct FrontMatter {
    /// Byte offset where the Markdown body starts.
    var bodyStart = 0
    /// The `title:` value, when the front matter has one.
    var title: String?
    /// The `lang:` or `language:` value, when the front matter has one.
    var language: String?

    init(_ source: [UInt8]) {
        let lines = Self.lines(source, limit: 200)
        guard let first = lines.first, Self.text(first, source).trimmingTrailingSpaces == "---" else { return }
        for line in lines.dropFirst() {
            let content = Self.text(line, source).trimmingTrailingSpaces
            if content == "---" || content == "..." {
                bodyStart = line.upperBound
                return
            }
            if let value = Self.value(of: "title", in: content) { title = value }
            if let value = Self.value(of: "lang", in: content) ?? Self.value(of: "language", in: content) {
                language = value
            }
        }
        title = nil // Never closed: not front matter after all.
        language = nil
    }

    /// The value of `key: value`, unquoted, or nil when the line holds another key.
    private static func value(of key: String, in line: String) -> String? {
        guard line.hasPrefix(key + ":") else { return nil }
        var value = line.dropFirst(key.count + 1).trimmingTrailingSpaces
        while value.first == " " { value.removeFirst() }
        if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
            value = String(value.dropFirst().dropLast())
        }
        return value.isEmpty ? nil : value
    }

    /// Ranges of the first `limit` lines, each including its line break.
    private static func lines(_ source: [UInt8], limit: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        while start < source.count, result.count < limit {
            var end = start
            while end < source.count, source[end] != UInt8(ascii: "\n") { end += 1 }
            let next = min(end + 1, source.count)
            result.append(start..<next)
            start = next
        }
        return result
    }

    private static func text(_ line: Range<Int>, _ source: [UInt8]) -> String {
        String(decoding: source[line], as: UTF8.self)
    }
}
