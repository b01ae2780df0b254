public import NarrateCore

/// Turns the raw bytes of an input into text, rejecting what is not Unicode text.
///
/// UTF-8 is the norm. UTF-16 and UTF-32, in either byte order, are read when a byte-order
/// mark names them, or without one when the first bytes clearly are such text (see
/// `sniffedEncoding(of:)`), as Windows tools save it. Offsets everywhere else in narrate
/// count Unicode scalars of the decoded text; the byte-order mark, when present, is dropped
/// before counting. Offsets in errors are byte offsets in the file, the mark included.
public enum InputDecoder {
    /// The Unicode encodings an input can be in.
    enum Encoding: Sendable, Equatable {
        case utf8, utf16LE, utf16BE, utf32LE, utf32BE

        /// The name errors use, as iconv spells it.
        var name: String {
            switch self {
            case .utf8: "UTF-8"
            case .utf16LE: "UTF-16LE"
            case .utf16BE: "UTF-16BE"
            case .utf32LE: "UTF-32LE"
            case .utf32BE: "UTF-32BE"
            }
        }

        /// Bytes per code unit.
        var codeUnitSize: Int {
            switch self {
            case .utf8: 1
            case .utf16LE, .utf16BE: 2
            case .utf32LE, .utf32BE: 4
            }
        }

        /// Whether the most significant byte of a code unit comes first.
        var isBigEndian: Bool {
            self == .utf16BE || self == .utf32BE
        }
    }

    /// Decodes `bytes` read from `path` (used only in error messages).
    ///
    /// Throws `.binaryInput` at the first NUL byte (for UTF-16 and UTF-32, at the first NUL
    /// character), `.invalidUTF8` or `.invalidEncoding` at the first byte that does not decode,
    /// and `.emptyInput` when nothing but white space remains.
    public static func decode(_ bytes: [UInt8], path: String) throws(NarrateError) -> String {
        let (encoding, markLength) = byteOrderMark(of: bytes) ?? (sniffedEncoding(of: bytes) ?? .utf8, 0)
        let text: String
        switch encoding {
        case .utf8:
            text = try decodeUTF8(bytes, from: markLength, path: path)
        case .utf16LE, .utf16BE:
            text = try decodeUTF16(bytes, from: markLength, as: encoding, path: path)
        case .utf32LE, .utf32BE:
            text = try decodeUTF32(bytes, from: markLength, as: encoding, path: path)
        }
        if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw .emptyInput(path: path)
        }
        return text
    }

    /// The encoding a byte-order mark at the start of `bytes` names, and the mark's length.
    /// UTF-32LE's mark (FF FE 00 00) begins with UTF-16LE's (FF FE), so it is checked first.
    static func byteOrderMark(of bytes: [UInt8]) -> (Encoding, Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LE, 4) }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BE, 4) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        return nil
    }

    /// The UTF-8 text of `bytes` from `start` on.
    private static func decodeUTF8(_ bytes: [UInt8], from start: Int, path: String) throws(NarrateError) -> String {
        let body = bytes[start...]
        if let nul = body.firstIndex(of: 0) {
            throw .binaryInput(path: path, byteOffset: nul)
        }
        if let offset = firstInvalidUTF8Offset(body) {
            throw .invalidUTF8(path: path, byteOffset: offset + start)
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The UTF-16 text of `bytes` from `start` on, in `encoding`'s byte order. Every code unit
    /// is checked (a surrogate must be a high one followed by a low one, an odd byte may not
    /// trail), so the standard library's decoding never has to replace anything.
    private static func decodeUTF16(
        _ bytes: [UInt8], from start: Int, as encoding: Encoding, path: String
    ) throws(NarrateError) -> String {
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        let failure: NarrateError? = bytes.withUnsafeBufferPointer { buffer in
            let (first, second): (UInt16, UInt16) = encoding.isBigEndian ? (8, 0) : (0, 8)
            var offset = start
            // Where the high surrogate waiting for its low half starts.
            var pendingHigh: Int?
            while offset + 1 < buffer.count {
                let unit = UInt16(buffer[offset]) << first | UInt16(buffer[offset + 1]) << second
                if let high = pendingHigh {
                    guard UTF16.isTrailSurrogate(unit) else {
                        return .invalidEncoding(path: path, encoding: encoding.name, byteOffset: high)
                    }
                    pendingHigh = nil
                } else if UTF16.isLeadSurrogate(unit) {
                    pendingHigh = offset
                } else if UTF16.isTrailSurrogate(unit) {
                    return .invalidEncoding(path: path, encoding: encoding.name, byteOffset: offset)
                } else if unit == 0 {
                    return .binaryInput(path: path, byteOffset: offset)
                }
                units.append(unit)
                offset += 2
            }
            if let high = pendingHigh {
                return .invalidEncoding(path: path, encoding: encoding.name, byteOffset: high)
            }
            if offset < buffer.count {
                return .invalidEncoding(path: path, encoding: encoding.name, byteOffset: offset)
            }
            return nil
        }
        if let failure { throw failure }
        return String(decoding: units, as: UTF16.self)
    }

    /// The UTF-32 text of `bytes` from `start` on, in `encoding`'s byte order. A code unit
    /// beyond U+10FFFF or in the surrogate range, or a partial one at the end, is invalid.
    private static func decodeUTF32(
        _ bytes: [UInt8], from start: Int, as encoding: Encoding, path: String
    ) throws(NarrateError) -> String {
        var units: [UInt32] = []
        units.reserveCapacity((bytes.count - start) / 4)
        let failure: NarrateError? = bytes.withUnsafeBufferPointer { buffer in
            let (shift0, shift1, shift2, shift3): (UInt32, UInt32, UInt32, UInt32) =
                encoding.isBigEndian ? (24, 16, 8, 0) : (0, 8, 16, 24)
            var offset = start
            while offset + 3 < buffer.count {
                let unit =
                    UInt32(buffer[offset]) << shift0 | UInt32(buffer[offset + 1]) << shift1
                    | UInt32(buffer[offset + 2]) << shift2 | UInt32(buffer[offset + 3]) << shift3
                guard let scalar = Unicode.Scalar(unit) else {
                    return .invalidEncoding(path: path, encoding: encoding.name, byteOffset: offset)
                }
                if scalar == "\0" { return .binaryInput(path: path, byteOffset: offset) }
                units.append(unit)
                offset += 4
            }
            if offset < buffer.count {
                return .invalidEncoding(path: path, encoding: encoding.name, byteOffset: offset)
            }
            return nil
        }
        if let failure { throw failure }
        return String(decoding: units, as: UTF32.self)
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
