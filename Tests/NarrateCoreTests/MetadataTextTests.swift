import NarrateCore
import Testing

@Suite("Titles, bylines and site names have a length")
struct MetadataTextTests {
    @Test func aShortTextIsKeptAsItIs() {
        #expect(MetadataText.cut("The weather station", to: 250) == "The weather station")
        #expect(MetadataText.cut("Погода", to: 6) == "Погода")
        #expect(MetadataText.cut(nil, to: 10) == nil)
    }

    @Test func aLongTextIsCutAtAWordWithAnEllipsis() {
        let cut = MetadataText.cut("The keeper of the lighthouse wrote every night", to: 20)
        #expect(cut == "The keeper of the…")
        #expect(cut.count <= 20)
        // One word longer than the limit: cut inside it.
        #expect(MetadataText.cut(String(repeating: "a", count: 30), to: 10) == String(repeating: "a", count: 9) + "…")
        // Characters, not bytes: Cyrillic and emoji count once.
        let ukrainian = String(repeating: "слово ", count: 100)
        #expect(MetadataText.cut(ukrainian, to: 250).count <= 250)
        #expect(MetadataText.cut(ukrainian, to: 250).hasSuffix("слово…"))
    }

    @Test func aTwentyMegabyteTitleBecomesAShortOne() {
        let line = String(repeating: "word ", count: 4_000_000)
        let document = Document(title: line, blocks: [], format: .text, byline: line, site: line)
        #expect(document.title.count <= MetadataText.titleLimit)
        #expect(document.byline?.count ?? 0 <= MetadataText.nameLimit)
        #expect(document.site?.count ?? 0 <= MetadataText.nameLimit)
        var changed = document
        changed.title = line
        #expect(changed.title.count <= MetadataText.titleLimit)
    }
}
