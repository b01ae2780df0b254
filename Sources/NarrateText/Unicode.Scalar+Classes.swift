extension Unicode.Scalar {
    // Character classes the segmenter asks about for every scalar, with an ASCII fast path:
    // the Unicode property look-ups are what the scan would otherwise spend its time on.

    /// White space (the Unicode White_Space property).
    @inline(__always) var isSpace: Bool {
        let v = value
        if v < 0x80 { return v == 0x20 || (v >= 0x09 && v <= 0x0D) }
        switch v {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// A letter (Alphabetic).
    @inline(__always) var isLetter: Bool {
        let v = value
        if v < 0x80 { return (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A }
        return properties.isAlphabetic
    }

    /// A lower-case letter.
    @inline(__always) var isLower: Bool {
        let v = value
        if v < 0x80 { return v >= 0x61 && v <= 0x7A }
        return properties.isLowercase
    }

    /// An upper-case letter.
    @inline(__always) var isUpper: Bool {
        let v = value
        if v < 0x80 { return v >= 0x41 && v <= 0x5A }
        return properties.isUppercase
    }

    /// Any character with a numeric value (digits, "½", "٣").
    @inline(__always) var isNumeric: Bool {
        let v = value
        if v < 0x80 { return v >= 0x30 && v <= 0x39 }
        return properties.numericType != nil
    }

    /// A decimal digit in any script.
    @inline(__always) var isDecimalDigit: Bool {
        let v = value
        if v < 0x80 { return v >= 0x30 && v <= 0x39 }
        return properties.numericType == .decimal
    }
}

extension String {
    /// A string of `scalars`, built directly as UTF-8 (much faster than appending scalars to
    /// a `UnicodeScalarView` one by one).
    init<Scalars: Collection<Unicode.Scalar>>(scalars: Scalars) {
        var capacity = 0
        for scalar in scalars { capacity += UTF8.width(scalar) }
        self.init(unsafeUninitializedCapacity: capacity) { buffer in
            var index = 0
            for scalar in scalars {
                UTF8.encode(scalar) { unit in
                    buffer[index] = unit
                    index += 1
                }
            }
            return index
        }
    }
}
