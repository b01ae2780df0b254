import Foundation
import NarrateAudio
import NarrateTestSupport
import Testing

/// Articles saved as UTF-16 (what Windows Notepad writes) read as their UTF-8 copies do, in
/// every command that reads a file.
@Suite("UTF-16 input end to end", .endToEnd)
struct InputEncodingTests {
    let article =
        "Бібліотека в Полтаві\n\nПісля двох років ремонту міська бібліотека знову відчинила двері. "
        + "Читачі прийшли вже зранку, а діти отримали нові книжки й настільні ігри.\n"
    let markdown = "---\nlang: uk\n---\n# Новини\n\nЗустріч у м. Київ відбулася 24.02.2022 р. о 10:30. Прийшли всі. 📚\n"

    /// `text` in UTF-16LE with a byte-order mark.
    func utf16LittleEndian(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 {
            bytes += [UInt8(truncatingIfNeeded: unit), UInt8(unit >> 8)]
        }
        return bytes
    }

    func narrate(_ arguments: [String], library: String) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, environment: ["NARRATE_LIBRARY": library])
    }

    @Test func segmentPrintsTheSameSentencesAsForUTF8() async throws {
        let scratch = try ScratchDirectory()
        let utf8 = try scratch.write("utf8.txt", text: article)
        let utf16 = try scratch.write("utf16.txt", utf16LittleEndian(article))
        let expected = try await NarrateBinary.run(["segment", utf8])
        #expect(expected.status == 0, "\(expected.standardError)")
        let run = try await NarrateBinary.run(["segment", utf16])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput == expected.standardOutput)
        #expect(run.standardOutput.split(separator: "\n").count == 3)
    }

    /// Ranges count the decoded text: scalars for start/end, its UTF-8 bytes for
    /// byteStart/byteEnd (the byte-order mark dropped), as for the UTF-8 copy.
    @Test func segmentJSONRangesPointIntoTheDecodedText() async throws {
        let scratch = try ScratchDirectory()
        let utf8 = try scratch.write("utf8.md", text: markdown)
        let utf16 = try scratch.write("utf16.md", utf16LittleEndian(markdown))
        let expected = try await NarrateBinary.run(["segment", utf8, "--json"])
        let run = try await NarrateBinary.run(["segment", utf16, "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == expected.standardOutput)
        struct Record: Decodable {
            var start, end, byteStart, byteEnd: Int
            var text: String
        }
        let records = try JSONDecoder().decode([Record].self, from: Data(run.standardOutput.utf8))
        #expect(records.map(\.text) == ["Новини", "Зустріч у м. Київ відбулася 24.02.2022 р. о 10:30.", "Прийшли всі. 📚"])
        let scalars = Array(markdown.unicodeScalars)
        let bytes = Array(markdown.utf8)
        for record in records {
            #expect(String(String.UnicodeScalarView(scalars[record.start..<record.end])) == record.text)
            #expect(String(decoding: bytes[record.byteStart..<record.byteEnd], as: UTF8.self) == record.text)
        }
    }

    @Test func convertWritesAWAV() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("article.txt", utf16LittleEndian(article))
        let output = "\(scratch.path)/article.wav"
        let run = try await NarrateBinary.run(["convert", input, "-o", output])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix(output + " ("), "\(run.standardOutput)")
        #expect(run.standardError.isEmpty)
        let info = try AudioFileInfo.read(path: output)
        #expect(info.isPCM16WAV)
        #expect(info.duration > 3)
        #expect(try scratch.entries() == ["article.txt", "article.wav"])
    }

    @Test func addAndShowGiveTheTextAndHashOfTheUTF8Copy() async throws {
        let scratch = try ScratchDirectory()
        let utf16 = try scratch.write("utf16.txt", utf16LittleEndian(article))
        let utf8 = try scratch.write("utf8.txt", text: article)
        let library = "\(scratch.path)/a/library.sqlite"
        let added = try await narrate(["add", utf16], library: library)
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput == "added 1 Бібліотека в Полтаві\n")
        let again = try await narrate(["add", utf8], library: library)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput == "exists 1 Бібліотека в Полтаві\n")

        let reference = "\(scratch.path)/b/library.sqlite"
        #expect(try await narrate(["add", utf8], library: reference).status == 0)
        let shown = try details(try await narrate(["show", "1", "--json"], library: library))
        let expected = try details(try await narrate(["show", "1", "--json"], library: reference))
        #expect(shown["text"] as? String == expected["text"] as? String)
        #expect(shown["text"] as? String == article.trimmingCharacters(in: .newlines))
        #expect(shown["contentHash"] as? String == expected["contentHash"] as? String)
        #expect(shown["language"] as? String == "uk")
    }

    @Test func invalidUTF16GivesTheEncodingAndByteOffset() async throws {
        let scratch = try ScratchDirectory()
        // "Hi. " then a lone high surrogate at byte 2 + 8 = 10.
        let loneHighSurrogate: [UInt8] = [0x3D, 0xD8]
        let input = try scratch.write("bad.txt", utf16LittleEndian("Hi. ") + loneHighSurrogate + utf16LittleEndian("x").dropFirst(2))
        let run = try await NarrateBinary.run(["convert", input, "-o", "\(scratch.path)/out.wav"])
        #expect(run.status == 65)
        #expect(
            run.errorLines == [
                "narrate: \(input): invalid UTF-16LE at byte offset 10; convert the file to UTF-8 (for example with iconv)"
            ])
        #expect(try scratch.entries() == ["bad.txt"])
    }

    /// The JSON object `show --json` printed.
    func details(_ run: NarrateBinary.Outcome) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    }
}
