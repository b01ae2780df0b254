/// What the text of a `<pre>` is, decided by what it contains rather than by the tag: prose
/// (an RFC, a plain-text post, a poem), read as paragraphs; or code, data or a drawing, which
/// stays the code-block notice. Paginated plain text carries page furniture — footers such
/// as "Fielding & Reschke   Standards Track   [Page 12]" and a running header at the top of
/// each page — which is dropped.
struct PreformattedText {
    /// One paragraph: lines between blank lines.
    struct Paragraph {
        var lines: [Substring]
        /// Whether it reads as prose (words and sentences) rather than code or a drawing.
        var isProse: Bool
    }

    /// The paragraphs, page furniture left out.
    let paragraphs: [Paragraph]
    /// The width prose lines were wrapped to, in characters, indentation included: the
    /// longest prose line.
    let wrapWidth: Int

    /// Reads `text`; lines whose shape `furniture` holds are page furniture.
    init(_ text: String, furniture: Set<String>) {
        var paragraphs: [Paragraph] = []
        var current: [Substring] = []
        func close() {
            if !current.isEmpty { paragraphs.append(Paragraph(lines: current, isProse: Self.isProse(current))) }
            current = []
        }
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\u{0C}" }) {
            if line.allSatisfy(\.isWhitespace) {
                close()
            } else if !Self.isFurniture(line, repeated: furniture) {
                current.append(line)
            }
        }
        close()
        self.paragraphs = paragraphs
        // Measured without dot leaders: a table of contents fills its lines with them.
        wrapWidth =
            paragraphs.filter(\.isProse).flatMap(\.lines).map { Self.withoutDotLeaders($0).trimmingTrailingSpaces.count }
            .max() ?? 0
    }

    /// Whether the text as a whole is prose: most of its words are in prose paragraphs.
    var isProse: Bool {
        let words = paragraphs.map { ($0.isProse, $0.lines.reduce(0) { $0 + Self.wordCount($1) }) }
        let prose = words.filter(\.0).reduce(0) { $0 + $1.1 }
        let all = words.reduce(0) { $0 + $1.1 }
        return all >= 12 && Double(prose) >= Double(all) * 0.6
    }

    /// Whether `paragraph`'s lines were wrapped to a width (joined when read) rather than
    /// broken where the writer chose (a poem, an address: read line by line). A wrapped line
    /// ends because the next word would not have fit on it, or close to the width (a person
    /// wrapping by hand); a poem's lines leave room, and three in four must be full.
    func isWrapped(_ paragraph: Paragraph) -> Bool {
        guard paragraph.lines.count > 1, wrapWidth > 0 else { return false }
        let lines = paragraph.lines.map { Self.withoutDotLeaders($0).trimmingTrailingSpaces }
        var full = 0
        for (line, next) in zip(lines, lines.dropFirst()) {
            let word = next.drop { $0.isWhitespace }.prefix { !$0.isWhitespace }.count
            if line.count + 1 + word > wrapWidth || line.count * 100 >= wrapWidth * 85 { full += 1 }
        }
        return full * 4 >= (lines.count - 1) * 3
    }

    // MARK: Judging

    /// Characters that are rare in prose and common in code, markup and drawings.
    private static let codeCharacters: Set<Character> = [
        "{", "}", "[", "]", "(", ")", ";", "=", "<", ">", "|", "\\", "$", "#", "*", "_", "`", "~", "^", "+", "/",
    ]

    /// Whether `lines` read as prose: mostly letters, few code characters, lines that do not
    /// end as statements do, and words of a sentence's length.
    static func isProse(_ lines: [Substring]) -> Bool {
        var letters = 0
        var digits = 0
        var visible = 0
        var code = 0
        var statementEnds = 0
        var words = 0
        for line in lines {
            let trimmed = Substring(withoutDotLeaders(line.trimmingWhitespace()))
            if let last = trimmed.last, [";", "{", "}"].contains(last) { statementEnds += 1 }
            for character in trimmed where !character.isWhitespace {
                visible += 1
                if character.isLetter {
                    letters += 1
                } else if character.isNumber {
                    digits += 1
                } else if codeCharacters.contains(character) {
                    code += 1
                }
            }
            words += wordCount(line)
        }
        guard visible > 0, words > 0 else { return false }
        // A drawing of +---+ and | | is mostly code characters; a program has them and ends
        // lines with ; { } ); prose is letters with a little punctuation.
        // A heading or a title of a few words may have a bracket or two. Numbers are prose's
        // too ("See Section 4.2 of [RFC7230]."), but a column of them is not.
        return Double(letters + digits) >= Double(visible) * 0.72 && Double(letters) >= Double(visible) * 0.4
            && Double(code) <= Double(visible) * 0.04 + 2
            && statementEnds * 4 <= lines.count && (words < 3 || Double(visible) / Double(words) <= 12)
    }

    /// Whether `line` is page furniture: a footer ending in "[Page N]", a lone page number
    /// ("- 12 -", "12"), or a line whose shape (digits aside) recurs as a running header.
    static func isFurniture(_ line: Substring, repeated: Set<String>) -> Bool {
        let trimmed = line.trimmingWhitespace()
        if trimmed.hasSuffix("]"), let open = trimmed.lastIndex(of: "["),
            trimmed[trimmed.index(after: open)...].lowercased().hasPrefix("page ")
        {
            return true
        }
        let bare = trimmed.filter { $0 != "-" && !$0.isWhitespace }
        if !bare.isEmpty, bare.allSatisfy(\.isNumber) { return true }
        return repeated.contains(shape(of: line))
    }

    /// The running headers of paginated text: lines that have wide gaps between their parts
    /// ("RFC 7230      HTTP/1.1 Message Syntax      June 2014") and recur, digits aside, on
    /// two pages or more.
    static func runningHeaders(in texts: [String]) -> Set<String> {
        var counts: [String: Int] = [:]
        for text in texts {
            for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\u{0C}" }) where line.contains("   ") {
                let trimmed = line.trimmingWhitespace()
                guard trimmed.contains("   "), trimmed.count >= 20 else { continue }
                counts[shape(of: line), default: 0] += 1
            }
        }
        return Set(counts.filter { $0.value >= 2 }.keys)
    }

    /// A line with its digits as "#" and its white space runs as one space.
    static func shape(of line: Substring) -> String {
        var result = ""
        var space = false
        for character in line.trimmingWhitespace() {
            if character.isWhitespace {
                space = true
                continue
            }
            if space { result.append(" ") }
            space = false
            result.append(character.isNumber ? "#" : character)
        }
        return result
    }

    static func wordCount(_ line: Substring) -> Int {
        line.split(whereSeparator: \.isWhitespace).filter { $0.contains(where: \.isLetter) }.count
    }

    /// `line` without its dot leaders ("Introduction ........ 5" → "Introduction 5"), which
    /// a table of contents uses and nobody reads aloud.
    static func withoutDotLeaders(_ line: Substring) -> String {
        var result = ""
        var dots = ""
        for character in line {
            if character == "." || (character == " " && !dots.isEmpty) {
                dots.append(character)
                continue
            }
            let count = dots.filter { $0 == "." }.count
            result += count >= 4 ? " " : dots
            dots = ""
            result.append(character)
        }
        let count = dots.filter { $0 == "." }.count
        result += count >= 4 ? "" : dots
        return result
    }
}
