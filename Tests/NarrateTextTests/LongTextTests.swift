import NarrateCore
import NarrateText
import Testing

@Suite("Text too long to speak in one breath: sentences and words have a length")
struct LongTextTests {
    /// The sentences of `text`, checked to rebuild it with only white space between them.
    func ranges(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Range<Int>] {
        let ranges = SentenceSegmenter(language: "en").sentenceRanges(in: text)
        let scalars = Array(text.unicodeScalars)
        var position = 0
        for range in ranges {
            #expect(!range.isEmpty, sourceLocation: sourceLocation)
            let between = scalars[position..<range.lowerBound].allSatisfy { $0.properties.isWhitespace }
            #expect(between, sourceLocation: sourceLocation)
            position = range.upperBound
        }
        let after = scalars[position...].allSatisfy { $0.properties.isWhitespace }
        #expect(after, sourceLocation: sourceLocation)
        return ranges
    }

    @Test func textWithoutSentenceEndsIsCutIntoSentencesOfAtMostTheLimit() {
        let text = (0..<20_000).map { "word\($0)" }.joined(separator: " ")
        let cut = ranges(text)
        #expect(cut.count > 100)
        #expect(cut.allSatisfy { $0.count <= InputLimits.sentenceCharacters })
        // At a space, as full as the limit allows: no piece ends inside a word.
        let scalars = Array(text.unicodeScalars)
        #expect(cut.dropLast().allSatisfy { $0.count > InputLimits.sentenceCharacters - 20 && scalars[$0.upperBound] == " " })
    }

    @Test func aLongSentenceIsCutAfterAClauseRatherThanAnywhere() {
        let clause = String(repeating: "the keeper climbed the stairs ", count: 10) + "and lit the lamp, "
        let text = String(repeating: clause, count: 8) + "and slept."
        let scalars = Array(text.unicodeScalars)
        let cut = ranges(text)
        #expect(cut.count > 1)
        for range in cut.dropLast() {
            #expect(range.count <= InputLimits.sentenceCharacters)
            #expect(scalars[range.upperBound - 1] == ",", "\(String(String.UnicodeScalarView(scalars[range.suffix(20)])))")
        }
    }

    @Test func oneWordLongerThanTheLimitIsCutWithoutSplittingACharacter() {
        // "é" as e and a combining acute accent, a thousand times: 2,000 scalars, no space.
        let word = String(repeating: "e\u{301}", count: 1_000)
        let cut = ranges("Start. " + word + " end.")
        let scalars = Array(("Start. " + word + " end.").unicodeScalars)
        #expect(cut.allSatisfy { $0.count <= InputLimits.sentenceCharacters })
        for range in cut {
            #expect(scalars[range.lowerBound].properties.generalCategory != .nonspacingMark)
        }
    }

    @Test func aDocumentsSentencesAreCutTooAndKeepTheirSourceRanges() throws {
        let text = (0..<3_000).map { "слово\($0)" }.joined(separator: " ")
        let document = Document(
            title: "t",
            blocks: [Block(kind: .paragraph, text: text, sourceMap: .identity(sourceOffset: 0, length: text.unicodeScalars.count))],
            format: .text)
        let sentences = SentenceSegmenter(language: "uk").sentences(of: document)
        #expect(sentences.count > 10)
        #expect(sentences.allSatisfy { $0.text.unicodeScalars.count <= InputLimits.sentenceCharacters })
        #expect(sentences.last?.endsBlock == true)
        #expect(sentences.dropLast().allSatisfy { !$0.endsBlock })
        #expect(sentences.map(\.text).joined(separator: " ") == text)
    }

    @Test func aWordLongerThanTheLimitIsSpokenAsItsFirstCharacters() {
        let normalizer = SpeechNormalizer(language: "en")
        let blob = String(repeating: "a1b2", count: 500)
        let spoken = normalizer.spoken("The hash is \(blob) today.")
        let words = spoken.split(separator: " ")
        #expect(words.allSatisfy { $0.count <= InputLimits.wordCharacters })
        #expect(spoken.hasPrefix("The hash is "))
        #expect(spoken.hasSuffix(" today."))
        #expect(normalizer.spoken("Short words stay.") == "Short words stay.")
    }
}
