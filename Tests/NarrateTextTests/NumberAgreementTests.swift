import Foundation
import Testing

@testable import NarrateText

/// Numbers that agree (issue 21): the table of cases in Cases/numbers-LANGUAGE.json, each a
/// sentence and what the speech normalizer gives the voice; and the number words themselves.
@Suite("Numbers that agree with what they count")
struct NumberAgreementTests {
    struct Table: Decodable {
        var language: String
        var cases: [[String]]
    }

    static func table(_ language: String) throws -> Table {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Cases/numbers-\(language).json")
        return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url))
    }

    @Test(arguments: ["uk", "ru"])
    func everyCaseOfTheTableReadsAsWritten(_ language: String) throws {
        let table = try Self.table(language)
        // The issue asks for 60 Ukrainian cases and 30 Russian.
        #expect(table.cases.count >= (language == "uk" ? 60 : 30))
        let normalizer = SpeechNormalizer(language: table.language)
        var wrong: [String] = []
        for row in table.cases {
            let spoken = normalizer.spoken(row[0])
            if spoken != row[1] { wrong.append("\(row[0]) → \(spoken) (expected \(row[1]))") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(table.cases.count):\n\(wrong.joined(separator: "\n"))")
    }

    @Test func ukrainianCardinalsInEveryCaseAndGender() {
        #expect(NumberWords.ukrainian.cardinal(1991) == "тисяча дев'ятсот дев'яносто один")
        #expect(NumberWords.ukrainian.cardinal(1991, .genitive) == "тисячі дев'ятисот дев'яноста одного")
        #expect(NumberWords.ukrainian.cardinal(22, .nominative, .feminine) == "двадцять дві")
        #expect(NumberWords.ukrainian.cardinal(2_345_678) == "два мільйони триста сорок п'ять тисяч шістсот сімдесят вісім")
        #expect(NumberWords.ukrainian.cardinal(5, .instrumental) == "п'ятьма")
        #expect(NumberWords.ukrainian.cardinal(1, .accusative, .feminine) == "одну")
        #expect(NumberWords.ukrainian.cardinal(0) == "нуль")
        #expect(NumberWords.ukrainian.cardinal(200, .locative) == "двохстах")
    }

    @Test func ukrainianOrdinals() {
        #expect(NumberWords.ukrainian.ordinal(1991, .locative) == "тисяча дев'ятсот дев'яносто першому")
        #expect(NumberWords.ukrainian.ordinal(3, .genitive, .feminine) == "третьої")
        #expect(NumberWords.ukrainian.ordinal(23) == "двадцять третій")
        #expect(NumberWords.ukrainian.ordinal(2000, .locative) == "двохтисячному")
        #expect(NumberWords.ukrainian.ordinal(1900) == "тисяча дев'ятисотий")
        #expect(NumberWords.ukrainian.ordinal(40, .genitive) == "сорокового")
        #expect(NumberWords.ukrainian.ordinal(1000) == "тисячний")
        #expect(NumberWords.ukrainian.ordinal(19, .locative, .neuter) == "дев'ятнадцятому")
    }
}
