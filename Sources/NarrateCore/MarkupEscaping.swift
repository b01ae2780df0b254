/// Text made safe inside markup: the one escaping behind everything narrate writes as XML or
/// HTML (podcast feeds, OPML lists, the server's and `publish`'s pages, WebVTT cues).
///
/// It works on UTF-8 bytes: everything it escapes or leaves out is ASCII or U+FFFE/U+FFFF, so
/// no other character is touched, and text that needs nothing (most of it) is copied whole. A
/// feed of 10,000 episodes is 17 MB of text.
public enum MarkupEscaping {
    /// Where the text goes, which decides what is escaped.
    public enum Place: Sendable {
        /// XML element content: `&`, `<` and `>` as references; the characters XML 1.0 cannot
        /// hold (control characters but tab and line breaks, U+FFFE, U+FFFF) left out.
        case xmlContent
        /// An XML attribute value in double quotes: as content, and `"`, tab and line breaks as
        /// references too (an attribute's white space is otherwise normalized away).
        case xmlAttribute
        /// HTML content or a quoted attribute value: `&`, `<`, `>`, `"` and `'` as references,
        /// everything else as it is.
        case html
    }

    /// `text` escaped for `place`: `text` itself when it needs nothing done (most of it).
    public static func escaped(_ text: String, in place: Place) -> String {
        guard !isClean(text, in: place) else { return text }
        var bytes: [UInt8] = []
        append(text, in: place, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` goes into `place` as it is: none of its bytes is escaped or left out
    /// there (a byte EF only may start U+FFFE or U+FFFF, so XML looks closer at it).
    static func isClean(_ text: String, in place: Place) -> Bool {
        text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): false
            case UInt8(ascii: "\""): place == .xmlContent
            case UInt8(ascii: "'"): place != .html
            case 0x09, 0x0A, 0x0D: place != .xmlAttribute
            case 0xEF: place == .html
            default: byte >= 0x20 || place == .html
            }
        }
    }

    /// Appends `text`, escaped for `place`, to `bytes`.
    public static func append(_ text: String, in place: Place, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        let isXML = place != .html
        if isClean(text, in: place) {
            bytes += utf8
            return
        }
        bytes.reserveCapacity(bytes.count + utf8.count + 32)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "&"): bytes += "&amp;".utf8
            case UInt8(ascii: "<"): bytes += "&lt;".utf8
            case UInt8(ascii: ">"): bytes += "&gt;".utf8
            case UInt8(ascii: "\"") where place != .xmlContent: bytes += "&quot;".utf8
            case UInt8(ascii: "'") where place == .html: bytes += "&#39;".utf8
            case 0x09, 0x0A, 0x0D:
                if place == .xmlAttribute { bytes += "&#\(byte);".utf8 } else { bytes.append(byte) }
            case 0xEF where isXML:
                // U+FFFE and U+FFFF (EF BF BE, EF BF BF) have no place in XML: left out.
                let second = utf8.index(after: index)
                if second != utf8.endIndex, utf8[second] == 0xBF {
                    let third = utf8.index(after: second)
                    if third != utf8.endIndex, utf8[third] == 0xBE || utf8[third] == 0xBF {
                        index = utf8.index(after: third)
                        continue
                    }
                }
                bytes.append(byte)
            default:
                // Nor have the other control characters.
                if !isXML || byte >= 0x20 { bytes.append(byte) }
            }
            index = utf8.index(after: index)
        }
    }
}
