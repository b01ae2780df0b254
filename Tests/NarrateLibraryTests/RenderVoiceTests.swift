import Testing

@testable import NarrateLibrary

/// Which renders may be listened to for an article that keeps a voice: one in that voice by any
/// spelling it was kept by, one whose voice is not known, or any when it keeps none; never one
/// in another voice (a render made anew would be recorded in the kept voice, so none loops).
struct RenderVoiceTests {
    static func render(_ voice: String?) -> RenderRecord {
        RenderRecord(
            id: 1, articleId: 1, settingsHash: "h", path: "/a.wav", ownedByLibrary: true, format: "wav", sampleRate: 22_050,
            sampleCount: 10, createdAt: "2026-12-02T00:00:00Z", voice: voice
        )
    }

    @Test(arguments: [
        ("piper:en_US-joe-medium", "piper:en_US-joe-medium", true), ("piper:en_US-joe-medium", "piper:joe", true),
        ("piper:en_US-joe-medium", "joe", true), ("piper:en_US-joe-medium", "PIPER:Joe", true), ("en-gb", "en-gb", true),
        ("en-gb", "EN-GB", true), ("en-gb", "uk", false), ("piper:en_US-joe-medium", "piper:alba", false),
        ("piper:en_US-joe-medium", "piper:", false), ("en-us", "piper:joe", false),
    ])
    func aRenderIsInTheKeptVoiceByAnySpelling(made: String, kept: String, matches: Bool) {
        #expect(Self.render(made).isSpoken(inVoice: kept) == matches)
    }

    @Test func aRenderOfUnknownVoiceOrAnArticleKeepingNoneMatches() {
        #expect(Self.render(nil).isSpoken(inVoice: "uk"))
        #expect(Self.render("en-us").isSpoken(inVoice: nil))
    }
}
