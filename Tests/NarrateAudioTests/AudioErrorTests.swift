import NarrateAudio
import NarrateCore
import Testing

/// The audio module's own errors: in the domain's words (no command or flag: a web page
/// shows the same line), with the kind a front end chooses its exit code or status by.
@Suite("Audio errors in the domain's words")
struct AudioErrorTests {
    static let cases: [(AudioError, FailureKind)] = [
        (.formatUnavailable(format: "FLAC", reason: "no encoder"), .serviceUnavailable),
        (.encoderRefused(format: "MP3", reason: "LAME refused the settings"), .serviceUnavailable),
        (.outputUnavailable(reason: "no card"), .serviceUnavailable),
        (.cannotStream(path: "/dev/null", kind: "a character device", format: "WAV"), .invalidRequest),
    ]

    @Test(arguments: cases.indices)
    func aLineNamesNoCommandOrFlagAndKeepsItsKind(index: Int) {
        let (error, kind) = Self.cases[index]
        let carried = NarrateError(error)
        #expect(carried.description == error.description)
        #expect(carried.module(as: AudioError.self) == error)
        guard case .module(let failure) = carried else {
            Issue.record("not carried as the audio module's error: \(carried)")
            return
        }
        #expect(failure.kind == kind)
        #expect(!error.description.contains("--"), "\(error)")
        #expect(!error.description.contains("'narrate"), "\(error)")
    }

    /// Only libsndfile's formats blame libsndfile; an encoder's refusal says what to change.
    @Test func theLineSaysWhatToChange() {
        #expect(
            AudioError.encoderRefused(format: "MP3", reason: "LAME refused the settings").description
                == "cannot write MP3 audio: LAME refused the settings; choose another bitrate or quality")
        #expect(AudioError.formatUnavailable(format: "FLAC", reason: "no encoder").description.contains("libsndfile"))
        #expect(!AudioError.encoderRefused(format: "Opus", reason: "invalid argument").description.contains("libsndfile"))
    }
}
