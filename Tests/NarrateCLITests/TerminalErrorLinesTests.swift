import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateQueue
import NarrateRendering
import NarrateServer
import NarrateSpread
import NarrateTerminal
import Testing

/// Every exit code and line a library error gets on the command line, as they must stay:
/// scripts test the codes, people read the lines. A change to either shows here first. Each
/// kind of `NarrateError` is listed, and each way `ErrorReporter` words one for a terminal
/// (the setting spelled as the option, what to type next).
@Suite("Exit codes and error lines that must not change")
struct TerminalErrorLinesTests {
    struct Line: Sendable {
        var error: NarrateError
        var exitCode: Int32
        var text: String

        init(_ error: NarrateError, _ exitCode: Int32, _ text: String) {
            self.error = error
            self.exitCode = exitCode
            self.text = text
        }
    }

    static let lines: [Line] = [
        Line(
            .invalidOption(name: "bitrate", message: "bitrate 9 kbit/s is outside Opus's 6–256"), 64,
            "--bitrate 9 kbit/s is outside Opus's 6–256"),
        Line(
            NarrateError(OutputError.splitNeedsFileName), 64,
            "--split writes numbered files named after -o; give -o a file name"),
        Line(
            NarrateError(OutputError.splitWithOneFileExtras), 64,
            "--split writes one file per part; --sync and --chapters describe one file, so use them without --split"),
        Line(
            NarrateError(OutputError.unwritableExtension(suffix: "xyz", formats: "wav, flac, ogg, opus, mp3, au, raw")), 64,
            "cannot write 'xyz' files; narrate writes wav, flac, ogg, opus, mp3, au, raw (give -o one of those extensions)"),
        Line(
            NarrateError(QueueError.noSuchJob(id: 12)), 64,
            "no job with id 12; 'narrate jobs' shows them"),
        Line(
            NarrateError(LibraryError.noSuchSentence(articleId: 1, sentence: 4, count: 3)), 64,
            "article 1 has sentences 1 to 3; 5 is outside it"),
        Line(
            NarrateError(ListeningError.pastTheEnd(articleId: 1, duration: 12.5)), 64,
            "article 1 lasts 12.5 s"),
        Line(
            NarrateError(ListeningError.noSuchHistoryEntry(articleId: 1, entries: 3)), 64,
            "article 1's history has entries 1 to 3"),
        Line(
            .invalidOption(name: "voice", message: "no voice 'x' in the voice catalogue"), 64,
            "no voice 'x' in the voice catalogue"),
        Line(
            .unknownVoice(name: "klingon", suggestions: ["kl"]), 64,
            "unknown voice 'klingon'; did you mean 'kl'? ('narrate voices' lists them all)"),
        Line(
            .unknownVoice(name: "klingon", suggestions: []), 64,
            "unknown voice 'klingon'; run 'narrate voices' to list the installed voices"),
        Line(
            .noVoiceSpeaks(language: "xx", suggestions: ["af"]), 64,
            "no installed voice speaks 'xx' (did you mean 'af'?); run 'narrate voices' to list them all"),
        Line(
            .invalidPreset(location: "presets.json", message: "not valid JSON"), 78,
            "presets.json: not valid JSON"),
        Line(
            .inputUnavailable(path: "a.txt", reason: "no such file"), 66,
            "a.txt: no such file"),
        Line(
            .invalidUTF8(path: "a.txt", byteOffset: 3), 65,
            "a.txt: invalid UTF-8 at byte offset 3; convert the file to UTF-8 (for example with iconv)"),
        Line(
            .invalidEncoding(path: "a.txt", encoding: "UTF-16", byteOffset: 8), 65,
            "a.txt: invalid UTF-16 at byte offset 8; convert the file to UTF-8 (for example with iconv)"),
        Line(
            .binaryInput(path: "a.txt", byteOffset: 0), 65,
            "a.txt: binary data (NUL byte at offset 0); narrate reads text, Markdown and web pages"),
        Line(
            .emptyInput(path: "a.txt"), 65,
            "a.txt: the input is empty; nothing to narrate"),
        Line(
            .noSpeakableText(path: "a.txt"), 65,
            "a.txt: no speakable text (no letters or digits outside skipped parts)"),
        Line(
            .malformedInput(path: "feed.xml", message: "not XML"), 65,
            "feed.xml: not XML"),
        Line(
            .outputExists(path: "a.wav"), 73,
            "a.wav: already exists; use --force to overwrite it or -o to choose another path"),
        Line(
            .cannotCreateOutput(path: "out", reason: "it is a file, not a folder"), 73,
            "out: cannot create output: it is a file, not a folder"),
        Line(
            .writeFailed(path: "a.wav", reason: "No space left on device"), 74,
            "a.wav: write failed: No space left on device; the output was not created"),
        Line(
            .streamWriteFailed(path: "standard output", reason: "Broken pipe"), 74,
            "standard output: write failed: Broken pipe; what it received is incomplete"),
        Line(
            NarrateError(WorkerStartError(executable: "/x/narrate", reason: "No such file or directory")), 71,
            "cannot start a worker process (/x/narrate): No such file or directory"),
        Line(
            NarrateError(ListenError(address: "127.0.0.1:80", reason: "permission denied (ports below 1024 need root)")), 69,
            "cannot listen on 127.0.0.1:80: permission denied (ports below 1024 need root); choose another --port (0 lets the system pick) or --host"
        ),
        Line(
            .engine(code: 1, message: "broken"), 70,
            "eSpeak NG error 0x1: broken"),
        Line(
            .interrupted, 130,
            "interrupted; no output was written"),
        Line(
            NarrateError(LibraryError.unavailable(path: "l.sqlite", reason: "the library is read-only; check the file's permissions")), 74,
            "l.sqlite: cannot use the library: the library is read-only; check the file's permissions"),
        Line(
            NarrateError(LibraryError.notALibrary(path: "l.sqlite")), 74,
            "l.sqlite: cannot use the library: not an SQLite database (left untouched); move it away or choose another --library"),
        Line(
            NarrateError(AudioError.cannotStream(path: "-", kind: "a pipe", format: "WAV")), 64,
            "-o -: WAV cannot be written to a pipe (its header is rewritten at the end); use --format flac, ogg, opus, mp3, au or raw for a pipe"
        ),
        Line(
            NarrateError(AudioError.cannotStream(path: "/dev/null", kind: "a character device", format: "WAV")), 64,
            "-o /dev/null: it is a character device, which is written as a stream, and WAV cannot be streamed (its header is rewritten at the end); use --format flac, ogg, opus, mp3, au or raw, or give a file name"
        ),
        Line(
            NarrateError(LibraryError.noSuchArticle(id: 7)), 66,
            "no article with id 7; 'narrate list' shows the ids"),
        Line(
            NarrateError(LibraryError.noSuchFeed(id: 3)), 66,
            "no feed with id 3; 'narrate feeds' lists them"),
        Line(
            NarrateError(ListeningError.articleFinished(id: 3)), 64,
            "article 3 was heard to the end; 'narrate position 3 --reset' starts it over"),
        Line(
            .noReadableArticle(path: "a.html"), 65,
            "a.html: no readable article found (the page has only navigation, links or forms)"),
        Line(
            .fetchFailed(url: "http://x", reason: "timed out"), 69,
            "http://x: cannot fetch: timed out"),
        Line(
            NarrateError(AudioError.outputUnavailable(reason: "no sound card")), 69,
            "no sound device (no sound card); use --sink stdout to pipe the audio to a player (narrate play ID --sink stdout | aplay) or --sink null to play silently"
        ),
        Line(
            .unsupportedContent(url: "http://x/a.mp4", contentType: "video/mp4"), 65,
            "http://x/a.mp4: is video/mp4, not a web page, text, an EPUB or a PDF; narrate cannot read it"),
        Line(
            NarrateError(AudioError.formatUnavailable(format: "MP3", reason: "LAME (libmp3lame.so.0) cannot be loaded")), 69,
            "cannot write MP3 audio: the installed libsndfile lacks it (LAME (libmp3lame.so.0) cannot be loaded); install libsndfile 1.1 or later built with it (Debian 12's libsndfile1 writes FLAC, Ogg, Opus and MP3), or choose another --format"
        ),
        Line(
            NarrateError(AudioError.encoderRefused(format: "Opus", reason: "invalid argument")), 69,
            "cannot write Opus audio: invalid argument; choose another bitrate or quality, or choose another --format"),
        Line(
            .readerUnavailable(format: "CSV exports", reason: "libcsv (libcsv.so.3) cannot be loaded", package: "libcsv3"), 69,
            "cannot read CSV exports: libcsv (libcsv.so.3) cannot be loaded; install Debian's libcsv3"),
        Line(
            NarrateError(QueueError.unavailable(address: "postgresql://q@db/narrate", reason: "connection refused")), 69,
            "postgresql://q@db/narrate: cannot use the job queue: connection refused; check that PostgreSQL runs there and accepts connections"
        ),
        Line(
            NarrateError(QueueError.denied(address: "postgresql://q@db/narrate", reason: "password authentication failed")), 77,
            "postgresql://q@db/narrate: the job queue refused access: password authentication failed; check the user and password (URL, PGPASSWORD or ~/.pgpass) and the database's grants"
        ),
        Line(
            .inputTooLarge(path: "big.html", limit: 10_485_760, kind: "web page"), 65,
            "big.html: larger than 10 MiB, the most narrate reads as web page; save a shorter part, or split it"),
    ]

    @Test(arguments: lines.indices)
    func theCodeAndTheLineStay(index: Int) {
        let line = Self.lines[index]
        #expect(line.error.exitCode == line.exitCode)
        #expect(line.error.isUnreadableInput == (line.exitCode == 65), "what exits 65 is what the modules call unreadable input")
        #expect(ErrorReporter.message(for: line.error) == line.text)
    }

    /// The one error of NarrateCore's own that ends narrate before a command runs: the
    /// cryptography library missing. Its exit code is the root command's (69, unavailable).
    @Test func aSystemWithoutTheCryptographyLibraryIsToldWhatToInstall() throws {
        #expect(
            ErrorReporter.message(for: MessageDigest.Unavailable(algorithm: .sha256))
                == "the system's cryptography library (OpenSSL 3's libcrypto.so.3) cannot be loaded or refuses sha256; install OpenSSL 3 (Debian's libssl3 or libssl3t64)"
        )
        // Here it is there: the check the root command makes passes.
        try MessageDigest.checkAvailable()
    }

    /// Every kind of error is in the list: a new kind does not compile here until it is named
    /// below, and then fails until it has its line above.
    @Test func everyKindIsListed() {
        let listed = Set(Self.lines.map { Self.kind(of: $0.error) })
        #expect(listed.count == 42)
        #expect(!listed.contains { $0.hasPrefix("unlisted") })
    }

    /// The kind of a module's own error: its type and case (no default within a type: a new
    /// case must be named; a new type is "unlisted" until it is).
    private static func moduleKind(of failure: ModuleFailure) -> String {
        switch failure.error {
        case let error as LibraryError:
            switch error {
            case .unavailable: "LibraryError.unavailable"
            case .notALibrary: "LibraryError.notALibrary"
            case .noSuchArticle: "LibraryError.noSuchArticle"
            case .noSuchFeed: "LibraryError.noSuchFeed"
            case .noSuchSentence: "LibraryError.noSuchSentence"
            }
        case let error as ListeningError:
            switch error {
            case .articleFinished: "ListeningError.articleFinished"
            case .pastTheEnd: "ListeningError.pastTheEnd"
            case .noSuchHistoryEntry: "ListeningError.noSuchHistoryEntry"
            }
        case let error as AudioError:
            switch error {
            case .formatUnavailable: "AudioError.formatUnavailable"
            case .encoderRefused: "AudioError.encoderRefused"
            case .outputUnavailable: "AudioError.outputUnavailable"
            case .cannotStream: "AudioError.cannotStream"
            }
        case let error as OutputError:
            switch error {
            case .splitNeedsFileName: "OutputError.splitNeedsFileName"
            case .splitWithOneFileExtras: "OutputError.splitWithOneFileExtras"
            case .unwritableExtension: "OutputError.unwritableExtension"
            }
        case let error as QueueError:
            switch error {
            case .unavailable: "QueueError.unavailable"
            case .denied: "QueueError.denied"
            case .noSuchJob: "QueueError.noSuchJob"
            }
        case is ListenError: "ListenError"
        case is WorkerStartError: "WorkerStartError"
        default: "unlisted \(type(of: failure.error))"
        }
    }

    /// The kind of `error`, its arguments left out (no default: a new kind must be named).
    private static func kind(of error: NarrateError) -> String {
        switch error {
        case .invalidOption: "invalidOption"
        case .unknownVoice: "unknownVoice"
        case .noVoiceSpeaks: "noVoiceSpeaks"
        case .invalidPreset: "invalidPreset"
        case .inputUnavailable: "inputUnavailable"
        case .invalidUTF8: "invalidUTF8"
        case .invalidEncoding: "invalidEncoding"
        case .binaryInput: "binaryInput"
        case .emptyInput: "emptyInput"
        case .noSpeakableText: "noSpeakableText"
        case .malformedInput: "malformedInput"
        case .outputExists: "outputExists"
        case .cannotCreateOutput: "cannotCreateOutput"
        case .writeFailed: "writeFailed"
        case .streamWriteFailed: "streamWriteFailed"
        case .engine: "engine"
        case .interrupted: "interrupted"
        case .noReadableArticle: "noReadableArticle"
        case .fetchFailed: "fetchFailed"
        case .unsupportedContent: "unsupportedContent"
        case .readerUnavailable: "readerUnavailable"
        case .module(let failure): moduleKind(of: failure)
        case .inputTooLarge: "inputTooLarge"
        }
    }
}
