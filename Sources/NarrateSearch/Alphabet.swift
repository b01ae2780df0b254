/// The alphabet a letter is written in, as far as telling a query's language goes.
package enum Alphabet: Hashable {
    case latin, cyrillic, greek, arabic, hebrew, armenian, devanagari, tamil, other

    package init(of scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: self = .latin
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
        case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
        case 0x600...0x6FF, 0x750...0x77F: self = .arabic
        case 0x590...0x5FF: self = .hebrew
        case 0x530...0x58F: self = .armenian
        case 0x900...0x97F: self = .devanagari
        case 0xB80...0xBFF: self = .tamil
        default: self = .other
        }
    }

    /// The alphabets `language` (a first subtag of a language with a stemmer) is written in.
    package static func of(language: String) -> Set<Alphabet> {
        switch language {
        case "uk", "ru", "bg", "be", "mk": [.cyrillic]
        case "sr": [.cyrillic, .latin]
        case "el": [.greek]
        case "ar", "fa", "ur": [.arabic]
        case "yi", "he": [.hebrew]
        case "hy": [.armenian]
        case "hi", "ne", "mr": [.devanagari]
        case "ta": [.tamil]
        default: [.latin]
        }
    }
}
