import Foundation
import NarrateCore

/// The hash an article is known by: SHA-256 of its text with each run of white space made
/// one space and the ends trimmed, in lower-case hex, so the same article saved twice,
/// reflowed or not, is found.
///
/// White space is counted as Swift's `Character.isWhitespace` counts it, a grapheme cluster
/// at a time (a space followed by a combining accent is one white space character, accent
/// and all), as every hash stored so far was made. Scanning scalars gives the same result,
/// at a fraction of the cost, wherever the scalars on both sides of white space are ones
/// that never join a cluster with it (Latin, Greek, Cyrillic, punctuation, digits); any
/// other neighbour sends the text through the grapheme-cluster scan.
enum ContentHash {
    /// The hash of `text`.
    static func of(_ text: String) -> String {
        MessageDigest.hex(MessageDigest.hash(.sha256, of: normalized(text)))
    }

    /// `text`'s UTF-8 with each run of white space made one space and the ends trimmed.
    static func normalized(_ text: String) -> [UInt8] {
        collapsedScalars(text) ?? Array(text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").utf8)
    }

    /// The hash of blocks' texts joined by blank lines, made a block at a time: what `of`
    /// says of the joined text, which is never held. A line break is a grapheme cluster of
    /// its own (it joins none before or after it), so the joined text's words are each
    /// block's words in turn, and between two blocks' words is one space.
    struct Blocks {
        private let digest = MessageDigest(.sha256)
        private var hasWords = false

        /// Adds the next block's text.
        mutating func add(_ text: String) {
            let words = ContentHash.normalized(text)
            guard !words.isEmpty else { return }
            if hasWords { [UInt8(ascii: " ")].withUnsafeBytes { digest.update($0) } }
            words.withUnsafeBytes { digest.update($0) }
            hasWords = true
        }

        /// The hash of what was added; once.
        func finish() -> String {
            MessageDigest.hex(digest.finalize())
        }
    }

    /// The text's UTF-8 with white space collapsed, scalar by scalar; nil when white space
    /// has a neighbour that might share a grapheme cluster with it.
    static func collapsedScalars(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var spacePending = false
        var afterSpace = false
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if isWhiteSpace(scalar) {
                // A Prepend character (Arabic number signs, ...) joins what follows it.
                if let previous, !isWhiteSpace(previous), !standsAlone(previous) { return nil }
                if !bytes.isEmpty { spacePending = true }
                afterSpace = true
            } else {
                // A combining mark, joiner or spacing mark joins the white space before it.
                if afterSpace, !standsAlone(scalar) { return nil }
                if spacePending {
                    bytes.append(0x20)
                    spacePending = false
                }
                afterSpace = false
                UTF8.encode(scalar) { bytes.append($0) }
            }
            previous = scalar
        }
        return bytes
    }

    /// Unicode White_Space, as `Character.isWhitespace` asks of a cluster's first scalar.
    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Whether `scalar` is sure to be a grapheme cluster boundary's neighbour: below U+0300
    /// (no combining or prepended character is), or a letter, digit, punctuation or symbol
    /// of the Latin, Greek, Cyrillic or Armenian blocks or of general punctuation, where no
    /// character extends or prepends a cluster but the marks (excluded here).
    private static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x300 { return true }
        guard value < 0x0590 || (0x1E00...0x1FFF).contains(value) || (0x2010...0x205E).contains(value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
