public import NarrateCore

/// Turns the raw bytes of an input into text, rejecting what is not UTF-8 text.
///
/// Offsets everywhere else in narrate count Unicode scalars of the decoded text; the byte
/// order mark, when present, is dropped before counting.
public enum InputDecoder {
    /// Decodes `bytes` read from `path` (used only in error messages).
    ///
    /// Throws `.binaryInput` at the first NUL byte, `.invalidUTF8` at the first byte that
    /// does not decode, and `.emptyInput` when nothing but white space remains.
    public static func decode(_ bytes: [UInt8], path: String) throws(NarrateError) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let bomLength = bytes.count - body.count
        if let nul = body.firstIndex(of: 0) {
            throw .binaryInput(path: path, byteOffset: nul)
        }
        if let offset = firstInvalidUTF8Offset(body) {
            throw .invalidUTF8(path: path, byteOffset: offset + bomLength)
        }
        let text = String(decoding: body, as: UTF8.self)
        if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw .emptyInput(path: path)
        }
        return text
    }

    /// The offset (from the start of `bytes`) of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8Offset(_ bytes: ArraySlice<UInt8>) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
