import NarrateText
import Testing

/// What a player highlights while a sentence's spoken words are heard (issue 36, item 1).
@Suite("Highlighted stretches of text")
struct HighlightUnitsTests {
    /// The stretch each spoken word of `text`'s spoken form shows on, in order, one entry a
    /// stretch (as the player steps through them).
    static func stretches(_ text: String, language: String = "en", spoken given: String? = nil) -> [String] {
        let spoken = given ?? SpeechNormalizer(language: language).spoken(text)
        let spokenWords = WordAlignment.words(in: spoken)
        let textWords = WordAlignment.words(in: text)
        let alignment = WordAlignment.align(spoken: spoken, spokenWords: spokenWords, text: text, textWords: textWords)
        let units = HighlightUnits(spoken: spoken, spokenWords: spokenWords, text: text, textWords: textWords, alignment: alignment)
        let scalars = Array(text.unicodeScalars)
        var shown: [String] = []
        var last: Int?
        for unit in units.unitOfSpokenWord.compactMap({ $0 }) where unit != last {
            shown.append(String(String.UnicodeScalarView(scalars[units.ranges[unit]])))
            last = unit
        }
        return shown
    }

    @Test func wordsSpokenAsWrittenAreTheirOwn() {
        #expect(Self.stretches("The wind rose before dawn.") == ["The", "wind", "rose", "before", "dawn"])
        #expect(Self.stretches("Don't stop—go on.") == ["Don't", "stop", "go", "on"])
    }

    /// Said as several words, highlighted whole and once: amounts with their currency and
    /// multiplier, years, scores, percentages, URLs.
    @Test func aRewrittenTokenIsOneStretch() {
        #expect(Self.stretches("It cost $1.2 million in 2024.") == ["It", "cost", "$1.2 million", "in", "2024"])
        #expect(Self.stretches("They won 7-2 on Monday.") == ["They", "won", "7-2", "on", "Monday"])
        #expect(Self.stretches("Costs rose 3.5% in a year.") == ["Costs", "rose", "3.5%", "in", "a", "year"])
        #expect(Self.stretches("See https://example.org/a/b for more.") == ["See", "https://example.org/a/b", "for", "more"])
    }

    /// A comma between two rewritten tokens keeps them apart; brackets and quotes stay out.
    @Test func punctuationEndsAStretch() {
        #expect(
            Self.stretches("From 2024, 2025 followed.", spoken: "From twenty twenty-four, twenty twenty-five followed.")
                == ["From", "2024", "2025", "followed"])
        #expect(
            Self.stretches("It opened (in 1968) here.", spoken: "It opened (in nineteen sixty-eight) here.")
                == ["It", "opened", "in", "1968", "here"])
    }

    /// Ukrainian numbers that agree with their noun: the number is one stretch.
    @Test func ukrainianNumbersThatAgree() {
        let shown = Self.stretches("Квиток коштує 5 гривень.", language: "uk")
        #expect(shown.first == "Квиток")
        #expect(shown.contains("5") || shown.contains("5 гривень"), "\(shown)")
        #expect(Set(shown).count == shown.count, "a stretch shown twice: \(shown)")
    }
}
