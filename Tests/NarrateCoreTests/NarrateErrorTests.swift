import NarrateCore
import Testing

/// Errors in the domain's words: every case's line says what and where without naming a
/// command or a flag (a web page shows the same line), and keeps its sysexits code.
@Suite("Errors in the domain's words")
struct NarrateErrorTests {
    static let cases: [(NarrateError, Int32)] = [
        (.invalidOption(name: "bitrate", message: "bitrate: 9 kbit/s is outside Opus's 6–256"), 64),
        (.unknownVoice(name: "klingon", suggestions: ["kl"]), 64),
        (.unknownVoice(name: "klingon", suggestions: []), 64),
        (.noVoiceSpeaks(language: "xx", suggestions: ["af"]), 64),
        (.invalidUTF8(path: "a.txt", byteOffset: 3), 65),
        (.binaryInput(path: "a.txt", byteOffset: 0), 65),
        (.noReadableArticle(path: "a.html"), 65),
        (.unsupportedContent(url: "http://x/a.pdf", contentType: "application/pdf"), 65),
        (.inputUnavailable(path: "a.txt", reason: "no such file"), 66),
        (.readerUnavailable(format: "CSV exports", reason: "libcsv (libcsv.so.3) cannot be loaded", package: "libcsv3"), 69),
        (.fetchFailed(url: "http://x", reason: "timed out"), 69),
        (.engine(code: 1, message: "broken"), 70),
        (.outputExists(path: "a.wav"), 73),
        (.cannotCreateOutput(path: "out", reason: "it is a file, not a folder"), 73),
        (.writeFailed(path: "a.wav", reason: "No space left on device"), 74),
        (.streamWriteFailed(path: "standard output", reason: "Broken pipe"), 74),
        (.invalidPreset(location: "p.json", message: "not valid JSON"), 78),
        (.interrupted, 130),
    ]

    @Test(arguments: cases.indices)
    func aLineNamesNoCommandOrFlag(index: Int) {
        // The codes are the command line's (TerminalErrorLinesTests checks them there).
        let (error, _) = Self.cases[index]
        let line = error.description
        #expect(!line.contains("--"), "\(line)")
        #expect(!line.contains("'narrate"), "\(line)")
        #expect(!line.contains("-o "), "\(line)")
        #expect(!line.contains("\n"), "\(line)")
    }

    /// A library that cannot be loaded is named with the package that has it, and only
    /// libsndfile's formats blame libsndfile.
    @Test func aMissingLibraryIsNamedWithItsPackage() {
        #expect(
            NarrateError.readerUnavailable(format: "XML feeds", reason: "libxml2 (libxml2.so.2) cannot be loaded", package: "libxml2")
                .description
                == "cannot read XML feeds: libxml2 (libxml2.so.2) cannot be loaded; install Debian's libxml2")
    }

    @Test func theClosestNamesAreSuggested() {
        #expect(
            NarrateError.unknownVoice(name: "en-uss", suggestions: ["en-us", "en-gb"]).description
                == "unknown voice 'en-uss'; did you mean 'en-us', 'en-gb'?")
        #expect(
            NarrateError.noVoiceSpeaks(language: "ukr", suggestions: ["uk"]).description
                == "no installed voice speaks 'ukr' (did you mean 'uk'?)")
    }

    /// A module's own error keeps its words and its kind through `NarrateError`, is found
    /// again by its type, and equals only an equal error of the same type.
    @Test func aModulesOwnErrorTravelsAsItself() {
        let refused = NarrateError(SampleFailure(reason: "refused"))
        #expect(refused.description == "the sample service refused")
        #expect(refused.module(as: SampleFailure.self) == SampleFailure(reason: "refused"))
        #expect(refused.module(as: OtherFailure.self) == nil)
        #expect(NarrateError.interrupted.module(as: SampleFailure.self) == nil)
        #expect(refused == NarrateError(SampleFailure(reason: "refused")))
        #expect(refused != NarrateError(SampleFailure(reason: "gone")))
        #expect(refused != NarrateError(OtherFailure(reason: "refused")))
        guard case .module(let failure) = refused else {
            Issue.record("not carried as a module's error: \(refused)")
            return
        }
        #expect(failure.kind == .serviceUnavailable)
    }

    private struct SampleFailure: ModuleError {
        var reason: String
        var kind: FailureKind { .serviceUnavailable }
        var description: String { "the sample service \(reason)" }
    }

    private struct OtherFailure: ModuleError {
        var reason: String
        var kind: FailureKind { .permissionDenied }
        var description: String { "the sample service \(reason)" }
    }
}
