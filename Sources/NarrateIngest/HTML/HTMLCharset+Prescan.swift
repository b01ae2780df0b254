/// The `<meta>` prescan: WHATWG's "prescan a byte stream to determine its encoding".
extension HTMLCharset {
    /// An attribute as the prescan sees it: name and value lower-cased, bytes undecoded.
    private struct Attribute {
        var name: [UInt8] = []
        var value: [UInt8] = []
    }

    /// The encoding the first usable `<meta charset>` or `<meta http-equiv="Content-Type"
    /// content="…; charset=…">` in `head` declares, skipping comments and other tags' attributes.
    static func prescan(_ head: ArraySlice<UInt8>) -> WebEncoding? {
        let bytes = Array(head)
        var position = 0
        while position < bytes.count {
            if bytes.matches("<!--", at: position) {
                // The comment ends at the first "-->"; the dashes may be those of "<!--" ("<!-->").
                var end = position + 4
                while end < bytes.count,
                    !(bytes[end] == .greaterThan && bytes[end - 1] == .dash && bytes[end - 2] == .dash)
                {
                    end += 1
                }
                position = end
            } else if bytes.matches("<meta", at: position), position + 5 < bytes.count,
                bytes[position + 5].isHTMLSpace || bytes[position + 5] == .slash
            {
                position += 5
                if let encoding = metaEncoding(bytes, from: &position) { return encoding }
            } else if bytes[position] == .lessThan, startsTag(bytes, at: position + 1) {
                // Skip the tag name, then its attributes, so a "<meta" inside a value is not read.
                while position < bytes.count, !bytes[position].isHTMLSpace, bytes[position] != .greaterThan {
                    position += 1
                }
                while attribute(bytes, from: &position) != nil {}
            } else if bytes.matches("<!", at: position) || bytes.matches("</", at: position)
                || bytes.matches("<?", at: position)
            {
                position = bytes[(position + 1)...].firstIndex(of: .greaterThan) ?? bytes.count
            }
            position += 1
        }
        return nil
    }

    /// Whether a tag name starts at `index`: a letter, or '/' then a letter.
    private static func startsTag(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        if bytes[index].isASCIILetter { return true }
        return bytes[index] == .slash && index + 1 < bytes.count && bytes[index + 1].isASCIILetter
    }

    /// Reads the attributes of a `<meta>` and returns the encoding it declares, if it
    /// declares one this way the standard accepts.
    private static func metaEncoding(_ bytes: [UInt8], from position: inout Int) -> WebEncoding? {
        var seenNames: Set<[UInt8]> = []
        var gotPragma = false
        var needPragma: Bool?
        var charsetFound = false
        var declared: WebEncoding?
        while let attribute = attribute(bytes, from: &position) {
            guard seenNames.insert(attribute.name).inserted else { continue }
            switch String(decoding: attribute.name, as: UTF8.self) {
            case "http-equiv":
                if attribute.value == Array("content-type".utf8) { gotPragma = true }
            case "content":
                if !charsetFound, let label = charsetLabel(inContent: attribute.value),
                    let encoding = metaLabelEncoding(label)
                {
                    declared = encoding
                    charsetFound = true
                    needPragma = true
                }
            case "charset":
                declared = metaLabelEncoding(attribute.value[...])
                charsetFound = true
                needPragma = false
            default:
                break
            }
        }
        guard let needPragma, gotPragma || !needPragma else { return nil }
        return declared
    }

    /// A label met in a `<meta>`: a page that can declare UTF-16 in ASCII bytes is not UTF-16,
    /// and x-user-defined means windows-1252 (both WHATWG rules).
    private static func metaLabelEncoding(_ label: ArraySlice<UInt8>) -> WebEncoding? {
        let text = String(decoding: label, as: UTF8.self)
        guard let encoding = WebEncoding(label: text) else {
            return text == "x-user-defined" ? .windows1252 : nil
        }
        return encoding.kind == .utf16 ? .utf8 : encoding
    }

    /// The label after `charset=` in a lower-cased `content` value such as
    /// `text/html; charset=koi8-u`, quoted or not; nil when there is none or a quote is open.
    private static func charsetLabel(inContent content: [UInt8]) -> ArraySlice<UInt8>? {
        var position = 0
        while let found = content.firstRange(of: Array("charset".utf8), from: position) {
            position = found.upperBound
            while position < content.count, content[position].isHTMLSpace { position += 1 }
            guard position < content.count, content[position] == .equals else { continue }
            position += 1
            while position < content.count, content[position].isHTMLSpace { position += 1 }
            guard position < content.count else { return nil }
            let first = content[position]
            if first == .doubleQuote || first == .singleQuote {
                guard let close = content[(position + 1)...].firstIndex(of: first) else { return nil }
                return content[(position + 1)..<close]
            }
            let end = content[position...].firstIndex { $0.isHTMLSpace || $0 == .semicolon } ?? content.count
            return content[position..<end]
        }
        return nil
    }

    /// WHATWG's "get an attribute": the next attribute from `position`, or nil at '>' or at
    /// the end of the bytes. Leaves `position` after the attribute (or at the '>').
    private static func attribute(_ bytes: [UInt8], from position: inout Int) -> Attribute? {
        while position < bytes.count, bytes[position].isHTMLSpace || bytes[position] == .slash { position += 1 }
        guard position < bytes.count, bytes[position] != .greaterThan else { return nil }
        var attribute = Attribute()
        // The name runs to '=', white space, '/' or '>'; a leading '=' belongs to the name.
        while true {
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            if byte == .equals, !attribute.name.isEmpty { break }
            if byte.isHTMLSpace { break }
            if byte == .slash || byte == .greaterThan { return attribute }
            attribute.name.append(byte.asciiLowercased)
            position += 1
        }
        while position < bytes.count, bytes[position].isHTMLSpace { position += 1 }
        guard position < bytes.count else { return nil }
        guard bytes[position] == .equals else { return attribute }
        position += 1
        while position < bytes.count, bytes[position].isHTMLSpace { position += 1 }
        guard position < bytes.count else { return nil }
        let first = bytes[position]
        if first == .doubleQuote || first == .singleQuote {
            position += 1
            while position < bytes.count {
                if bytes[position] == first {
                    position += 1
                    return attribute
                }
                attribute.value.append(bytes[position].asciiLowercased)
                position += 1
            }
            return nil
        }
        if first == .greaterThan { return attribute }
        while position < bytes.count {
            if bytes[position].isHTMLSpace || bytes[position] == .greaterThan { return attribute }
            attribute.value.append(bytes[position].asciiLowercased)
            position += 1
        }
        return nil
    }
}

extension [UInt8] {
    /// Whether the ASCII `pattern` occurs at `index`, ignoring ASCII case.
    fileprivate func matches(_ pattern: StaticString, at index: Int) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard index >= 0, index + count <= self.count else { return false }
        return pattern.withUTF8Buffer { pattern in
            pattern.indices.allSatisfy { self[index + $0].asciiLowercased == pattern[$0] }
        }
    }

    /// The first range at or after `start` where `pattern` occurs.
    fileprivate func firstRange(of pattern: [UInt8], from start: Int) -> Range<Int>? {
        guard !pattern.isEmpty, start + pattern.count <= count else { return nil }
        for index in start...(count - pattern.count) {
            let range = index..<(index + pattern.count)
            if self[range].elementsEqual(pattern) { return range }
        }
        return nil
    }
}

extension UInt8 {
    fileprivate static let lessThan = UInt8(ascii: "<")
    fileprivate static let greaterThan = UInt8(ascii: ">")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let dash = UInt8(ascii: "-")
    fileprivate static let equals = UInt8(ascii: "=")
    fileprivate static let semicolon = UInt8(ascii: ";")
    fileprivate static let doubleQuote = UInt8(ascii: "\"")
    fileprivate static let singleQuote = UInt8(ascii: "'")

    /// Tab, line feed, form feed, carriage return or space: HTML's white space.
    fileprivate var isHTMLSpace: Bool {
        self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D || self == 0x20
    }

    fileprivate var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }

    fileprivate var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }
}
