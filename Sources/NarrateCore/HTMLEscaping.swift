/// Text made safe inside HTML: in an element's content and in a quoted attribute value.
public enum HTMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references. Worked on
    /// UTF-8 bytes (the five are ASCII, so no other character is touched), and returned as it
    /// is when it holds none of them: a feed of 10,000 episodes escapes megabytes of text.
    public static func escaped(_ text: String) -> String {
        let needsEscaping = text.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "'")
        }
        guard needsEscaping else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 32)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes += Array("&amp;".utf8)
            case UInt8(ascii: "<"): bytes += Array("&lt;".utf8)
            case UInt8(ascii: ">"): bytes += Array("&gt;".utf8)
            case UInt8(ascii: "\""): bytes += Array("&quot;".utf8)
            case UInt8(ascii: "'"): bytes += Array("&#39;".utf8)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
