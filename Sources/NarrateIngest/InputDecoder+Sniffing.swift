extension InputDecoder {
    /// How many leading bytes `sniffedEncoding(of:)` looks at.
    static let sniffLength = 4096

    /// The share of sampled code units, at least, that must be Latin-1 text characters.
    static let minimumTextShare = (numerator: 3, denominator: 4)

    /// Sampled code units past which a sample without any white space is not prose.
    static let whitespaceFreeLimit = 64

    /// UTF-16 or UTF-32 without a byte-order mark, when the bytes clearly are such text;
    /// nil for anything else (UTF-8, or binary data, which decoding as UTF-8 then refuses).
    ///
    /// Mostly-ASCII text in UTF-16 has a NUL in every other byte, and in UTF-32 three NULs in
    /// every four; binary data has NULs too, so the guess is conservative. An encoding is
    /// taken only when the file's length is a whole number of its code units, and, in the
    /// first `sniffLength` bytes (at least two code units): no code unit is a control
    /// character other than tab, line feed, form feed and carriage return (binary headers
    /// are full of small numbers); at least three in four are Latin-1 text characters
    /// (U+0009–U+000D without U+000B, U+0020–U+007E, U+00A0–U+00FF), which text
    /// in a Latin-script language is; and, past `whitespaceFreeLimit` code units, at least
    /// one is a space, tab or line break. Files with no NUL byte in the sample are never
    /// guessed at. Text in other scripts needs a byte-order mark.
    static func sniffedEncoding(of bytes: [UInt8]) -> Encoding? {
        let sample = bytes.prefix(sniffLength)
        guard sample.contains(0) else { return nil }
        return [Encoding.utf32LE, .utf32BE, .utf16LE, .utf16BE].first { encoding in
            bytes.count % encoding.codeUnitSize == 0 && looksLikeText(sample, in: encoding)
        }
    }

    /// Whether `sample`, read as `encoding`, passes the tests `sniffedEncoding(of:)` lists.
    static func looksLikeText(_ sample: ArraySlice<UInt8>, in encoding: Encoding) -> Bool {
        let size = encoding.codeUnitSize
        let unitCount = sample.count / size
        guard unitCount >= 2 else { return false }
        var textUnits = 0
        var whitespaceUnits = 0
        var offset = sample.startIndex
        for _ in 0..<unitCount {
            var unit: UInt32 = 0
            for position in 0..<size {
                let byte = sample[offset + (encoding.isBigEndian ? position : size - 1 - position)]
                unit = unit << 8 | UInt32(byte)
            }
            offset += size
            switch unit {
            case 0x09, 0x0A, 0x0D, 0x20:
                textUnits += 1
                whitespaceUnits += 1
            case 0x0C, 0x21...0x7E, 0xA0...0xFF:
                textUnits += 1
            case 0x01...0x1F, 0x7F...0x9F:
                return false
            default:
                // NUL (refused later at its offset) or beyond Latin-1: neither text nor a veto.
                break
            }
        }
        let share = minimumTextShare
        return textUnits * share.denominator >= unitCount * share.numerator
            && (whitespaceUnits > 0 || unitCount <= whitespaceFreeLimit)
    }
}
