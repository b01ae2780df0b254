import NarrateText
import Testing

/// Spoken words mapped back to the words a reader sees.
@Suite("Word alignment")
struct WordAlignmentTests {
    /// The text word each spoken word stands for, as strings.
    func aligned(_ spoken: String, _ text: String) -> [String] {
        let textScalars = Array(text.unicodeScalars)
        let textWords = WordAlignment.words(in: text)
        return WordAlignment.align(spoken: spoken, text: text).map { index in
            index.map { String(String.UnicodeScalarView(textScalars[textWords[$0]])) } ?? "-"
        }
    }

    @Test func wordsKeepInnerApostrophesHyphensAndDecimals() {
        let text = "Don't e-mail 3.5 kg, ok? Привіт — світе́!"
        let scalars = Array(text.unicodeScalars)
        let words = WordAlignment.words(in: text).map { String(String.UnicodeScalarView(scalars[$0])) }
        #expect(words == ["Don't", "e-mail", "3.5", "kg", "ok", "Привіт", "світе́"])
    }

    @Test func theSameWordsAlignOneToOne() {
        #expect(aligned("The keeper lit the lamp.", "The keeper lit the lamp.") == ["The", "keeper", "lit", "the", "lamp"])
    }

    @Test func anExpandedAbbreviationStandsOnItsSource() {
        #expect(aligned("Doctor Smith paid.", "Dr. Smith paid.") == ["Dr", "Smith", "paid"])
    }

    @Test func wordsTheSpokenFormAddsStandOnTheWordBefore() {
        #expect(
            aligned("It costs five million dollars.", "It costs $5 million.")
                == ["It", "costs", "5", "million", "million"])
    }

    @Test func aNumberSpelledOutSpreadsOverItsDigits() {
        #expect(aligned("In nineteen eighty four we met.", "In 1984 we met.") == ["In", "1984", "1984", "1984", "we", "met"])
    }

    @Test func edgeCasesDoNotCrash() {
        #expect(WordAlignment.align(spoken: "", text: "Words here").isEmpty)
        #expect(WordAlignment.align(spoken: "one two", text: "—") == [nil, nil])
        #expect(aligned("added words", "x") == ["x", "x"])
        let long = Array(repeating: "word", count: 600).joined(separator: " ")
        #expect(WordAlignment.align(spoken: long, text: long).count == 600)
    }
}
