import Foundation
import NarrateTestSupport
import Testing

/// `narrate segment`: where the text is cut, and what eSpeak NG will hear.
@Suite("narrate segment", .endToEnd)
struct SegmentCommandTests {
    let article = """
        Field report
        Dr. Smith met Ms. Lee at 5 p.m. in the U.S. Capitol. They talked for an hour!

        See https://www.example.org/reports/2026 for more [3].
        """

    @Test func printsOneSentencePerLineAsItStandsInTheSource() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("report.txt", text: article)
        let run = try await NarrateBinary.run(["segment", input])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                Field report
                Dr. Smith met Ms. Lee at 5 p.m. in the U.S. Capitol.
                They talked for an hour!
                See https://www.example.org/reports/2026 for more [3].

                """)
        #expect(run.standardError.isEmpty)
    }

    @Test func spokenShowsWhatTheEngineReceives() async throws {
        let run = try await NarrateBinary.run(["segment", "-", "--spoken"], input: Data(article.utf8))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                Field report
                Doctor Smith met Ms Lee at 5 p.m in the U.S Capitol.
                They talked for an hour!
                See link to example dot org for more.

                """)
    }

    @Test func jsonRangesPointIntoTheSource() async throws {
        let source = "# Новини\n\nЗустріч у м. Київ відбулася 24.02.2022 р. о 10:30. Прийшли всі.\n"
        let scratch = try ScratchDirectory()
        let input = try scratch.write("news.md", text: source)
        let run = try await NarrateBinary.run(["segment", input, "--language", "uk", "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        struct Record: Decodable {
            var index, block, start, end, byteStart, byteEnd: Int
            var text, spoken: String
        }
        let records = try JSONDecoder().decode([Record].self, from: Data(run.standardOutput.utf8))
        #expect(records.map(\.text) == ["Новини", "Зустріч у м. Київ відбулася 24.02.2022 р. о 10:30.", "Прийшли всі."])
        #expect(records.map(\.block) == [0, 1, 1])
        #expect(records[1].spoken == "Зустріч у місті Київ відбулася двадцять четвертого лютого дві тисячі двадцять другого року о 10:30.")
        let scalars = Array(source.unicodeScalars)
        let bytes = Array(source.utf8)
        for record in records {
            #expect(String(String.UnicodeScalarView(scalars[record.start..<record.end])) == record.text)
            #expect(String(decoding: bytes[record.byteStart..<record.byteEnd], as: UTF8.self) == record.text)
        }
    }

    @Test func theArticlesDeclaredLanguageIsUsed() async throws {
        let source = "---\nlang: uk\n---\n\nЦіна 100 грн. за день. Далі буде.\n"
        let run = try await NarrateBinary.run(["segment", "-", "--format", "markdown", "--spoken"], input: Data(source.utf8))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "Ціна сто гривень за день.\nДалі буде.\n")
    }

    @Test func aPresetsLexiconAppliesToTheSpokenForm() async throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/voices", withIntermediateDirectories: false)
        _ = try scratch.write("voices/tech.json", text: #"{"name": "tech", "voice": "en-gb"}"#)
        _ = try scratch.write("voices/tech.lexicon", text: "# tools\nnginx = engine x\nSQLite = S Q lite\n")
        let run = try await NarrateBinary.run(
            ["segment", "-", "--spoken", "--preset", "\(scratch.path)/voices/tech.json"],
            input: Data("Nginx and SQLite, not sqlite.".utf8)
        )
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "engine x and S Q lite, not sqlite.\n")
    }

    @Test func aBrokenLexiconIs78WithItsLine() async throws {
        let scratch = try ScratchDirectory()
        _ = try scratch.write("tech.json", text: #"{"name": "tech", "voice": "en-gb"}"#)
        _ = try scratch.write("tech.lexicon", text: "nginx = engine x\nbroken\n")
        let run = try await NarrateBinary.run(
            ["segment", "-", "--preset", "\(scratch.path)/tech.json"], input: Data("Text.".utf8)
        )
        #expect(run.status == 78)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("tech.lexicon:2: expected 'word = spoken form'"), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test(arguments: [
        (["segment", "/no/such/file.txt"], Int32(66), "no such file"),
        (["segment", "-", "--language", "english!"], Int32(64), "'english!' is not a language code"),
        (["segment", "paper.docx"], Int32(65), "is a .docx file"),
        (["segment", "-"], Int32(65), "empty"),
    ])
    func badInputIsOneLineAndASysexitsCode(_ arguments: [String], _ status: Int32, _ message: String) async throws {
        let run = try await NarrateBinary.run(arguments, input: Data())
        #expect(run.status == status, "\(run.standardError)")
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }
}
