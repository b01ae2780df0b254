import Foundation
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateRendering
import NarrateTestSupport
import Testing

/// A library article delivered where asked, and the rest of it from where its listener
/// stopped, in process with a fake engine.
@Suite("Render delivery and resume export")
struct RenderDeliveryTests {
    let fixture: LibraryFixture
    let scratch: ScratchDirectory
    let engine = FakeEngine()
    let presets = VoicePresetLibrary(directories: [])

    init() throws {
        fixture = try LibraryFixture()
        scratch = try ScratchDirectory()
    }

    func deliver(_ delivery: RenderDelivery) throws -> RenderDelivery.Result {
        try delivery.run(library: fixture.library, engine: engine, presets: presets)
    }

    @Test func aRenderGoesToTheLibraryThenIsCachedThenCopied() throws {
        let first = try deliver(RenderDelivery(articleId: fixture.articleId))
        #expect(first.source == .synthesized)
        #expect(first.path.hasPrefix(fixture.library.location.audioDirectory))
        #expect(first.sentences == 5)
        #expect(first.voice == "en-us")
        let again = try deliver(RenderDelivery(articleId: fixture.articleId))
        #expect(again.source == .cached)
        #expect(again.path == first.path)
        let copy = try deliver(RenderDelivery(articleId: fixture.articleId, output: "\(scratch.path)/copy.wav"))
        #expect(copy.source == .copied)
        #expect(copy.paths == ["\(scratch.path)/copy.wav"])
        #expect(engine.spoken.count == 5)
    }

    @Test func aSyncMapAndChaptersAreWrittenBesideIt() throws {
        let result = try deliver(
            RenderDelivery(
                articleId: fixture.articleId, output: "\(scratch.path)/a.wav",
                extras: OutputExtras(syncMap: "\(scratch.path)/a.vtt", chapters: "\(scratch.path)/a.json")
            ))
        #expect(result.paths == ["\(scratch.path)/a.wav"])
        let vtt = try String(contentsOfFile: "\(scratch.path)/a.vtt", encoding: .utf8)
        #expect(vtt.hasPrefix("WEBVTT"))
        #expect(vtt.contains("He lit the lamp."))
        #expect(FileManager.default.fileExists(atPath: "\(scratch.path)/a.json"))
    }

    @Test func aSplitIsCutFromTheWAVRender() throws {
        let result = try deliver(
            RenderDelivery(articleId: fixture.articleId, output: "\(scratch.path)/a.wav", extras: OutputExtras(split: .minutes(1))))
        #expect(result.paths == ["\(scratch.path)/a-01.wav"])
        #expect(try fixture.library.renders.renders(ofArticle: fixture.articleId).count == 1)
    }

    @Test func extrasThatCannotBeWrittenAreRefusedBeforeAnyRender() throws {
        let refused: [(String?, OutputExtras, String)] = [
            (nil, OutputExtras(split: .chapters), "split-output"),
            ("-", OutputExtras(split: .chapters), "split-output"),
            ("\(scratch.path)/a.wav", OutputExtras(split: .chapters, syncMap: "\(scratch.path)/a.vtt"), "split-extras"),
            ("\(scratch.path)/a.wav", OutputExtras(syncMap: "\(scratch.path)/a.txt"), "sync"),
            ("\(scratch.path)/a.wav", OutputExtras(chapters: "\(scratch.path)/a.vtt"), "chapters"),
        ]
        for (output, extras, setting) in refused {
            do {
                _ = try deliver(RenderDelivery(articleId: fixture.articleId, output: output, extras: extras))
                Issue.record("\(extras) onto \(output ?? "the library") was accepted")
            } catch let error as NarrateError {
                switch error {
                case .invalidOption(let name, let message):
                    #expect(name == setting)
                    #expect(!message.contains("--"), "\(message)")
                case .module(let failure):
                    let refusal = failure.error as? OutputError
                    #expect(
                        (setting == "split-output" && refusal == .splitNeedsFileName)
                            || (setting == "split-extras" && refusal == .splitWithOneFileExtras), "\(error)")
                    #expect(!failure.description.contains("--"), "\(failure)")
                default:
                    Issue.record("unexpected \(error)")
                }
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(engine.spoken.isEmpty)
        #expect(try fixture.library.renders.renders(ofArticle: fixture.articleId).isEmpty)
        #expect(throws: NarrateError.self) { try OutputExtras.splitRule("minutes:0") }
        #expect(try OutputExtras.splitRule("minutes:30") == .minutes(30))
    }

    @Test func anExistingFileIsKeptUnlessOverwriting() throws {
        let mine = try scratch.write("a.wav", text: "mine")
        #expect(throws: NarrateError.outputExists(path: mine)) { try deliver(RenderDelivery(articleId: fixture.articleId, output: mine)) }
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "mine")
        #expect(throws: NarrateError(LibraryError.noSuchArticle(id: 42))) { try deliver(RenderDelivery(articleId: 42)) }
    }

    func resume(_ export: ResumeExport, rendering: inout Double?) throws -> ResumeExport.Result {
        try export.run(
            library: fixture.library, engine: { [engine] () throws(NarrateError) in engine }, presets: presets,
            willRender: { rendering = $0 })
    }

    @Test func theRestStartsAtTheSavedSentence() throws {
        var rendering: Double?
        try fixture.library.positions.savePosition(articleId: fixture.articleId, sentence: 2, finished: false)
        let result = try resume(
            ResumeExport(
                articleId: fixture.articleId, output: "\(scratch.path)/rest.wav", extras: OutputExtras(syncMap: "\(scratch.path)/rest.srt")),
            rendering: &rendering)
        #expect(rendering != nil, "the article is rendered first, and the front end is told")
        #expect(result.firstSentence == 2 && result.sentenceCount == 5)
        let whole = try #require(
            try ArticleRenderer(library: fixture.library, engine: engine).newestIntactRender(ofArticle: fixture.articleId))
        let rest = try AudioFileInfo.read(path: "\(scratch.path)/rest.wav")
        #expect(Int64(rest.frames) == whole.1[4].upperBound - whole.1[2].lowerBound)
        let srt = try String(contentsOfFile: "\(scratch.path)/rest.srt", encoding: .utf8)
        #expect(srt.hasPrefix("1\n00:00:00,000"))
        var again: Double?
        _ = try resume(ResumeExport(articleId: fixture.articleId, output: "\(scratch.path)/b.wav"), rendering: &again)
        #expect(again == nil, "the render is reused")
    }

    @Test func anArticleHeardToTheEndHasNoRest() throws {
        var rendering: Double?
        try fixture.library.positions.savePosition(articleId: fixture.articleId, sentence: 4, finished: true)
        #expect(throws: NarrateError(ListeningError.articleFinished(id: fixture.articleId))) {
            try resume(ResumeExport(articleId: fixture.articleId, output: "\(scratch.path)/rest.wav"), rendering: &rendering)
        }
        #expect(rendering == nil)
        #expect(try scratch.entries().isEmpty)
    }
}
