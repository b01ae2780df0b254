import Foundation
import NarrateTestSupport
import Testing

/// Without --voice or --preset the article's language picks the voice (README: the mapping).
@Suite("narrate convert picks the voice by language", .endToEnd)
struct VoiceChoiceTests {
    @Test(arguments: [
        ("uk.txt", "Сьогодні в Полтаві знову відкрилася міська бібліотека, і читачі прийшли туди вже зранку.", [String](), "voice uk"),
        ("en.txt", "The library reopened this morning, and readers were waiting at the door before nine.", [], "voice en-us"),
        ("fr.txt", "La bibliothèque a rouvert ce matin et les lecteurs attendaient déjà devant la porte.", [], "voice fr-fr"),
        ("de.md", "---\nlang: de\n---\n\nKurz.", [], "voice de"),
        (
            "uk2.txt", "Сьогодні в Полтаві знову відкрилася міська бібліотека, і читачі прийшли туди вже зранку.", ["--voice", "en-gb"],
            "voice en-gb"
        ),
        (
            "uk3.txt", "Сьогодні в Полтаві знову відкрилася міська бібліотека, і читачі прийшли туди вже зранку.", ["--language", "ru"],
            "voice ru"
        ),
    ])
    func theLanguagePicksTheVoice(_ name: String, _ text: String, _ options: [String], _ expected: String) async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write(name, text: text)
        let run = try await NarrateBinary.run(["convert", input, "-o", "\(scratch.path)/out.wav"] + options)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasSuffix(", \(expected))\n"), "\(run.standardOutput)")
    }
}
