import NarrateCore
import Testing

@Suite("Reading choices")
struct ReadingChoicesTests {
    @Test func theDefaultsReadTheArticleNotItsReferences() {
        let standard = ReadingChoices.standard
        #expect(standard.reads(nil))
        #expect(!standard.reads(.references))
        #expect(!standard.reads(.footnotes))
        #expect(standard.reads(.images) && standard.reads(.tables) && standard.reads(.code) && standard.reads(.urls))
        #expect(!standard.reads(.apparatus))
        #expect(!ReadingChoices(read: Set(ReadingPart.allCases)).reads(.apparatus))
    }

    @Test func listsParseAndBadNamesSayWhatIsKnown() throws {
        #expect(try ReadingChoices.parts("references, Footnotes") == [.references, .footnotes])
        #expect(try ReadingChoices.parts("all") == Set(ReadingPart.choosable))
        #expect(try ReadingChoices.parts("none").isEmpty)
        #expect(try ReadingChoices.parts("links,image") == [.urls, .images])
        #expect(throws: NarrateError.self) { try ReadingChoices.parts("refs,edits", option: "--skip") }
        do {
            _ = try ReadingChoices.parts("edits", option: "--skip")
        } catch {
            #expect(error.description.hasPrefix("--skip: 'edits' is not a part"))
            guard case .invalidOption = error else {
                Issue.record("expected an invalid option, got \(error)")
                return
            }
        }
    }

    @Test func changesAndTheSettingTextGoBothWays() {
        let changed = ReadingChoices.standard.changed(read: [.references], skip: [.tables, .urls])
        #expect(changed.readInOrder == [.references, .images, .code])
        #expect(changed.description == "read references,images,code; skip footnotes,tables,urls")
        #expect(ReadingChoices(setting: changed.description) == changed)
        #expect(ReadingChoices(setting: ReadingChoices(read: []).description) == ReadingChoices(read: []))
        #expect(ReadingChoices(setting: "nonsense") == nil)
    }
}
