/// A long Markdown book for tests of chapters: a title, then `chapters` chapters headed
/// "Chapter N", each of `sentencesEach` sentences in paragraphs of five.
public enum MarkdownBook {
    /// The book's text; `sentence(chapter, number)` makes each sentence (numbers from 0).
    public static func text(title: String, chapters: Int, sentencesEach: Int, sentence: (Int, Int) -> String) -> String {
        var text = "# \(title)\n\n"
        for chapter in 1...chapters {
            text += "## Chapter \(chapter)\n\n"
            for start in stride(from: 0, to: sentencesEach, by: 5) {
                text += (start..<min(start + 5, sentencesEach)).map { sentence(chapter, $0) }.joined(separator: " ") + "\n\n"
            }
        }
        return text
    }
}
