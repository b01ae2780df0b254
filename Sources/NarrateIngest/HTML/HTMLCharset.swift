/// Chooses the character set of a web page and decodes its bytes into text, the way the
/// WHATWG encoding sniffing algorithm does in browsers.
public enum HTMLCharset {
    /// How many leading bytes the `<meta>` prescan reads.
    static let prescanLength = 4096

    /// Decodes the bytes of a page: a byte-order mark wins, then the `charset` of the HTTP
    /// `contentType`, then a `<meta>` in the first 4096 bytes, then UTF-8 if the bytes are valid
    /// UTF-8, else windows-1252. Never fails: undecodable bytes become U+FFFD.
    ///
    /// A declared legacy charset (single- or multi-byte) gives way to UTF-8 when the bytes are
    /// valid UTF-8 with at least one multi-byte sequence: such pages are UTF-8 that lies about
    /// its charset (text in GBK or Shift_JIS is almost never valid UTF-8 as well).
    public static func decode(_ bytes: [UInt8], contentType: String?) -> DecodedPage {
        if let (encoding, length) = byteOrderMark(bytes) {
            return decode(bytes[length...], as: encoding) ?? lenientUTF8(bytes[length...])
        }
        // An unknown label, or one this system's iconv cannot convert, counts as no declaration.
        if let label = contentType.flatMap(charsetParameter(ofContentType:)),
            let encoding = WebEncoding(label: label),
            let page = decode(bytes, declaredAs: encoding)
        {
            return page
        }
        if let encoding = prescan(bytes.prefix(prescanLength)), let page = decode(bytes, declaredAs: encoding) {
            return page
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return DecodedPage(text: text, charset: WebEncoding.utf8.name)
        }
        return decode(bytes[...], as: .windows1252) ?? lenientUTF8(bytes[...])
    }

    /// The encoding a byte-order mark at the start of `bytes` names, and the mark's length.
    private static func byteOrderMark(_ bytes: [UInt8]) -> (WebEncoding, Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        return nil
    }

    /// Decodes a whole page in the encoding it declares, unless it is really UTF-8.
    private static func decode(_ bytes: [UInt8], declaredAs encoding: WebEncoding) -> DecodedPage? {
        if encoding.kind == .singleByte || encoding.kind == .multiByte, containsNonASCII(bytes),
            let text = String(validating: bytes, as: UTF8.self)
        {
            return DecodedPage(text: text, charset: WebEncoding.utf8.name)
        }
        return decode(bytes[...], as: encoding)
    }

    /// The text of `bytes` in `encoding`, or nil when iconv cannot convert from it.
    private static func decode(_ bytes: ArraySlice<UInt8>, as encoding: WebEncoding) -> DecodedPage? {
        if encoding.kind == .utf8 { return lenientUTF8(bytes) }
        guard let decoder = IconvDecoder(encoding) else { return nil }
        return DecodedPage(text: decoder.decode(bytes), charset: encoding.name)
    }

    /// UTF-8 with every ill-formed sequence replaced by U+FFFD.
    private static func lenientUTF8(_ bytes: ArraySlice<UInt8>) -> DecodedPage {
        DecodedPage(text: String(decoding: bytes, as: UTF8.self), charset: WebEncoding.utf8.name)
    }

    /// Whether any byte has its high bit set; valid UTF-8 then has a multi-byte sequence.
    private static func containsNonASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            // One OR over the whole buffer, which the optimiser vectorises.
            var seen: UInt8 = 0
            for byte in buffer { seen |= byte }
            return seen & 0x80 != 0
        }
    }

    /// The value of the first non-empty `charset` parameter of a `Content-Type` header such as
    /// `text/html; charset="Windows-1251"`, unquoted and unescaped, or nil.
    private static func charsetParameter(ofContentType contentType: String) -> String? {
        let bytes = Array(contentType.utf8)
        let end = bytes.endIndex
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        // Skip the type/subtype; parameters follow, each after a ';'.
        var index = bytes.firstIndex(of: UInt8(ascii: ";")) ?? end
        while index < end {
            index += 1
            let nameStart = index
            while index < end, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let name = String(decoding: bytes[nameStart..<index].filter { !isSpace($0) }, as: UTF8.self)
            guard index < end, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            var value: [UInt8] = []
            if index < end, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < end, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < end { index += 1 }
                    value.append(bytes[index])
                    index += 1
                }
                while index < end, bytes[index] != UInt8(ascii: ";") { index += 1 }
            } else {
                let valueStart = index
                while index < end, bytes[index] != UInt8(ascii: ";") { index += 1 }
                value = Array(bytes[valueStart..<index])
                while let last = value.last, isSpace(last) { value.removeLast() }
            }
            if name.lowercased() == "charset", !value.isEmpty {
                return String(decoding: value, as: UTF8.self)
            }
        }
        return nil
    }
}
