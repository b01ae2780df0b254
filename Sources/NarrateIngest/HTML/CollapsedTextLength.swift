/// The length of text once its white space runs are collapsed to one space and its ends
/// trimmed, as Readability.js measures text, kept so that the length of a concatenation
/// follows from the lengths of its parts: an element's length from its children's, without
/// reading their text again.
///
/// `length` counts UTF-16 units. Two parts with text join with one space when either has
/// white space at the joint.
struct CollapsedTextLength: Equatable {
    /// UTF-16 units of the collapsed, trimmed text.
    private(set) var length = 0
    /// Whether white space comes before the first visible character (for text that is all
    /// white space: whether there is any).
    private(set) var leadingSpace = false
    /// Whether white space comes after the last visible character (for text that is all
    /// white space: whether there is any).
    private(set) var trailingSpace = false

    /// The length of no text.
    static let empty = CollapsedTextLength()

    private init() {}

    /// Measures `text`. White space is `ArticleText.isSpace`; a scalar beyond the Basic
    /// Multilingual Plane counts two units, as in JavaScript.
    init(_ text: String) {
        var text = text
        var length = 0
        var pendingSpace = false
        var leadingSpace = false
        text.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                let value: UInt32
                let width: Int
                // ASCII is most text; other scalars are decoded only to test for white space.
                if byte < 0x80 {
                    value = UInt32(byte)
                    width = 1
                } else if byte < 0xE0 {
                    value = (UInt32(byte & 0x1F) << 6) | UInt32(bytes[min(index + 1, count - 1)] & 0x3F)
                    width = 2
                } else if byte < 0xF0 {
                    value =
                        (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[min(index + 1, count - 1)] & 0x3F) << 6)
                        | UInt32(bytes[min(index + 2, count - 1)] & 0x3F)
                    width = 3
                } else {
                    value = 0x10000
                    width = 4
                }
                index += width
                if ArticleText.isSpace(value) {
                    if length > 0 { pendingSpace = true } else { leadingSpace = true }
                } else {
                    if pendingSpace { length += 1 }
                    pendingSpace = false
                    length += width == 4 ? 2 : 1
                }
            }
        }
        self.length = length
        self.leadingSpace = leadingSpace
        // Text of white space only has it at both ends.
        self.trailingSpace = length > 0 ? pendingSpace : leadingSpace
    }

    /// The length of this text followed by `next`.
    func followed(by next: CollapsedTextLength) -> CollapsedTextLength {
        var result = CollapsedTextLength()
        if length == 0 {
            result.length = next.length
            result.leadingSpace = leadingSpace || next.leadingSpace
            result.trailingSpace = next.length > 0 ? next.trailingSpace : trailingSpace || next.trailingSpace
        } else if next.length == 0 {
            result.length = length
            result.leadingSpace = leadingSpace
            result.trailingSpace = trailingSpace || next.leadingSpace
        } else {
            result.length = length + next.length + (trailingSpace || next.leadingSpace ? 1 : 0)
            result.leadingSpace = leadingSpace
            result.trailingSpace = next.trailingSpace
        }
        return result
    }
}
