import NarrateAudio
import NarrateCore
import NarrateRendering
import Testing

/// The render request a batch job carries: typed and versioned JSON, and the arguments jobs
/// queued before it carried.
@Suite("Render requests")
struct RenderRequestTests {
    @Test func aRequestSurvivesItsJSON() throws {
        let request = RenderRequest(
            voice: VoiceRequest(preset: "uk-narrator", rate: 160, headingPause: 1200),
            encoding: AudioEncoding(format: .opus, sampleRate: 48_000, bitrate: 24), album: "Evening reading"
        )
        let json = request.json()
        #expect(json.contains("\"version\":1"))
        #expect(try RenderRequest(json: json) == request)
    }

    @Test func aNewerVersionOrBrokenJSONIsRefusedNotMisread() {
        #expect(throws: NarrateError.self) { try RenderRequest(json: #"{"version":2,"voice":{},"encoding":{"format":"wav"},"album":"a"}"#) }
        #expect(throws: NarrateError.self) { try RenderRequest(json: "--rate 160") }
    }

    /// What schema v3 stored: `narrate batch --rate 160 --format mp3 --bitrate 48k --album X`.
    @Test func argumentsOfAnOlderJobReadAsTheyWereMeant() throws {
        let request = try RenderRequest(legacyArguments: [
            "--rate", "160", "--voice", "uk", "--word-gap", "2", "--format", "mp3", "--bitrate", "48k", "--sample-rate", "32000",
            "--album", "Fixture Album",
        ])
        #expect(request.voice == VoiceRequest(voice: "uk", rate: 160, wordGap: 2))
        #expect(request.encoding == AudioEncoding(format: .mp3, sampleRate: 32_000, bitrate: 48))
        #expect(request.album == "Fixture Album")
        #expect(try RenderRequest(legacyArguments: []) == RenderRequest())
    }

    @Test(arguments: [["--rate"], ["--rate", "fast"], ["--speed", "2"], ["rate", "160"], ["--format", "m4a"]])
    func argumentsThatDoNotReadAreRefused(_ arguments: [String]) {
        #expect(throws: NarrateError.self) { try RenderRequest(legacyArguments: arguments) }
    }
}
