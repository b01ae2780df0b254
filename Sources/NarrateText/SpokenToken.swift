/// A white-space separated piece of a sentence, split into opening punctuation, the word or
/// number itself, and closing punctuation, so the normalizer can rewrite the middle.
struct SpokenToken {
    /// Opening quotes and brackets.
    var leading: String
    /// The word, number, URL or symbol.
    var core: String
    /// Closing punctuation: periods, commas, quotes, brackets.
    var trailing: String

    /// The token put back together.
    var text: String { leading + core + trailing }

    /// The tokens of `text`, without characters that are never spoken (soft hyphens,
    /// zero-width spaces, control characters; a NUL would even cut the engine's C string).
    static func tokens(of text: String) -> [SpokenToken] {
        var tokens: [SpokenToken] = []
        // The scalars of the token being read (an array: emptied and refilled cheaply).
        var current: [Unicode.Scalar] = []
        current.reserveCapacity(64)
        func flush() {
            if !current.isEmpty { tokens.append(SpokenToken(scalars: current)) }
            current.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if scalar.isSpace {
                flush()
            } else if scalar != "\u{AD}", scalar != "\u{200B}", scalar != "\u{2060}", scalar != "\u{FEFF}",
                scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value)
            {
                current.append(scalar)
            }
        }
        flush()
        return tokens
    }

    /// The token of `scalars` (no white space among them).
    init(scalars: [Unicode.Scalar]) {
        var lower = 0
        while lower < scalars.count, Self.isOpening(scalars[lower]) { lower += 1 }
        var upper = scalars.count
        while upper > lower, Self.isClosing(scalars[upper - 1]) { upper -= 1 }
        leading = lower == 0 ? "" : String(scalars: scalars[..<lower])
        core = String(scalars: scalars[lower..<upper])
        trailing = upper == scalars.count ? "" : String(scalars: scalars[upper...])
    }

    static func isOpening(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "(", "[", "{", "\"", "“", "„", "‘", "‚", "'", "«", "‹", "¿", "¡": true
        default: false
        }
    }

    static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", ",", ";", ":", "!", "?", "…", ")", "]", "}", "\"", "”", "’", "'", "»", "›", "“": true
        default: false
        }
    }
}
