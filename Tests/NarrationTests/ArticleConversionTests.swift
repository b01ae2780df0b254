import Foundation
import NarrateAudio
import NarrateCore
import NarrateRendering
import NarrateTestSupport
import Testing

/// One article to one audio file without the library, in process with a fake engine: the
/// voice the article's language picks, split sets, chapters, and nothing left behind on a
/// failure or a stop.
@Suite("Article conversion")
struct ArticleConversionTests {
    let scratch: ScratchDirectory
    let engine = FakeEngine()
    let presets = VoicePresetLibrary(directories: [])

    init() throws {
        scratch = try ScratchDirectory()
    }

    func convert(_ conversion: ArticleConversion, isCancelled: @escaping () -> Bool = { false }) throws -> ArticleConversion.Result {
        try conversion.run(
            engine: { [engine] () throws(NarrateError) in engine }, presets: presets, environment: [:], isCancelled: isCancelled)
    }

    @Test func aMarkdownArticleBecomesOneFileWithItsChapters() throws {
        let input = try scratch.write("tide.md", text: "# Tides\n\nThe sea rises. It falls.\n\n## Why\n\nThe moon pulls it.\n")
        let output = "\(scratch.path)/tide.wav"
        let result = try convert(ArticleConversion(input: input, destination: output))
        #expect(result.paths == [output])
        #expect(result.title == "Tides")
        #expect(result.sentenceCount == 5)
        #expect(result.voice == "en-us")
        #expect(result.chapters.markers.count == 2)
        let info = try AudioFileInfo.read(path: output)
        #expect(info.sampleRate == engine.sampleRate)
        #expect(abs(Double(info.frames) / Double(info.sampleRate) - result.duration) < 0.01)
        #expect(engine.spoken.count == 5)
    }

    @Test func theArticlesLanguagePicksTheVoiceUnlessOneIsAsked() throws {
        let input = try scratch.write("uk.txt", text: "Привіт. Як справи?\n")
        let picked = try convert(ArticleConversion(input: input, language: "uk", destination: "\(scratch.path)/a.wav"))
        #expect(picked.voice == "uk")
        let asked = try convert(
            ArticleConversion(
                input: input, language: "uk", voice: VoiceRequest(voice: "en-us"), destination: "\(scratch.path)/b.wav"
            ))
        #expect(asked.voice == "en-us")
    }

    @Test func theVoiceAskedForSetsTheRulesOfAnArticleWithoutALanguage() throws {
        let input = try scratch.write("prof.txt", text: "Проф. Іваненко прийшов.\n")
        _ = try convert(ArticleConversion(input: input, voice: VoiceRequest(voice: "zle/uk"), destination: "\(scratch.path)/a.wav"))
        #expect(engine.spoken == ["Професор Іваненко прийшов."])
    }

    @Test func theLanguageTheEngineSpeaksItsVoiceInWinsOverTheVoiceList() throws {
        // A variant ("+f3") is in no voice list; eSpeak NG says which language it speaks.
        let input = try scratch.write("prof.txt", text: "Проф. Іваненко прийшов.\n")
        _ = try convert(ArticleConversion(input: input, voice: VoiceRequest(voice: "zle/uk+f3"), destination: "\(scratch.path)/a.wav"))
        #expect(engine.spoken == ["Професор Іваненко прийшов."])
        // Without that report, the voice's name alone cannot give Ukrainian rules.
        engine.reportsLanguages = false
        _ = try convert(ArticleConversion(input: input, voice: VoiceRequest(voice: "zle/uk+f3"), destination: "\(scratch.path)/b.wav"))
        #expect(engine.spoken.last != "Професор Іваненко прийшов.")
    }

    @Test func aSplitWritesNumberedParts() throws {
        let input = try scratch.write("two.md", text: "# One\n\nFirst part.\n\n# Two\n\nSecond part.\n")
        let result = try convert(ArticleConversion(input: input, destination: "\(scratch.path)/two.wav", split: .chapters))
        #expect(result.paths == ["\(scratch.path)/two-01.wav", "\(scratch.path)/two-02.wav"])
        #expect(try scratch.entries().filter { $0.hasSuffix(".wav") } == ["two-01.wav", "two-02.wav"])
    }

    @Test func anExistingOutputIsKeptUnlessOverwriting() throws {
        let input = try scratch.write("a.txt", text: "Some words here.\n")
        let output = try scratch.write("a.wav", text: "mine")
        #expect(throws: NarrateError.outputExists(path: output)) { try convert(ArticleConversion(input: input, destination: output)) }
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "mine")
        _ = try convert(ArticleConversion(input: input, destination: output, overwrite: true))
        #expect(try AudioFileInfo.read(path: output).frames > 0)
    }

    @Test func aStopLeavesNothingBehind() throws {
        let input = try scratch.write("a.txt", text: "One. Two. Three. Four.\n")
        var asked = 0
        #expect(throws: NarrateError.interrupted) {
            try convert(ArticleConversion(input: input, destination: "\(scratch.path)/a.wav")) {
                asked += 1
                return asked > 3
            }
        }
        #expect(try scratch.entries() == ["a.txt"])
    }

    @Test func badChoicesAreRefusedBeforeAnythingIsWritten() throws {
        let input = try scratch.write("a.txt", text: "Some words here.\n")
        #expect(throws: (any Error).self) {
            try convert(ArticleConversion(input: input, language: "english!", destination: "\(scratch.path)/a.wav"))
        }
        #expect(throws: NarrateError.unknownVoice(name: "klingon", suggestions: [])) {
            try convert(ArticleConversion(input: input, voice: VoiceRequest(voice: "klingon"), destination: "\(scratch.path)/a.wav"))
        }
        #expect(throws: NarrateError.emptyInput(path: "\(scratch.path)/e.txt")) {
            try convert(ArticleConversion(input: try scratch.write("e.txt", text: "\n"), destination: "\(scratch.path)/e.wav"))
        }
        #expect(try scratch.entries() == ["a.txt", "e.txt"])
    }

    @Test(arguments: [
        ("a.txt", "a.wav"), ("dir/a.b.md", "dir/a.b.wav"), (".hidden", ".hidden.wav"), ("noext", "noext.wav"),
        ("d.x/noext", "d.x/noext.wav"),
    ])
    func theDefaultOutputReplacesTheExtension(input: String, output: String) {
        #expect(ArticleConversion.defaultOutput(for: input) == output)
    }
}
