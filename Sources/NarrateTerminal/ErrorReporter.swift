import NarrateAudio
public import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateQueue
import NarrateRendering
import NarrateServer
import NarrateSystem

/// The command line's words for errors and notes, and its one way out of the process (used
/// by the root command alone: commands throw).
public enum ErrorReporter {
    /// Prints `error`'s line and exits with its sysexits code.
    public static func fail(_ error: NarrateError) -> Never {
        printError(message(for: error))
        exit(error.exitCode)
    }

    /// Prints the line for a system without the cryptography library narrate needs and exits 69.
    public static func fail(_ error: MessageDigest.Unavailable) -> Never {
        printError(message(for: error))
        terminate(EX_UNAVAILABLE)
    }

    /// The line for a system without the cryptography library narrate needs.
    public static func message(for error: MessageDigest.Unavailable) -> String {
        "\(error); install OpenSSL 3 (Debian's libssl3 or libssl3t64)"
    }

    /// The settings a library error may name that are options of the same name here.
    private static let options: Set<String> = [
        "bitrate", "quality", "sample-rate", "chapters", "sync", "name-template", "title", "format", "split",
    ]

    /// The error's line for the command line: the library's words, with the option it is
    /// about spelled as typed (`--bitrate`) and what to type next.
    public static func message(for error: NarrateError) -> String {
        switch error {
        case .invalidOption(let name, let message) where options.contains(name) && message.hasPrefix(name):
            return "--" + message
        case .unknownVoice(_, let suggestions):
            return error.description
                + (suggestions.isEmpty ? "; run 'narrate voices' to list the installed voices" : " ('narrate voices' lists them all)")
        case .noVoiceSpeaks:
            return "\(error.description); run 'narrate voices' to list them all"
        case .outputExists:
            return "\(error.description); use --force to overwrite it or -o to choose another path"
        case .module(let failure):
            return message(for: failure)
        default:
            return error.description
        }
    }

    /// The line for a module's own error: its words, with what to type next.
    private static func message(for failure: ModuleFailure) -> String {
        switch failure.error {
        case let error as AudioError:
            return message(for: error)
        case let error as OutputError:
            switch error {
            case .splitNeedsFileName: return "--split writes numbered files named after -o; give -o a file name"
            case .splitWithOneFileExtras:
                return "--split writes one file per part; --sync and --chapters describe one file, so use them without --split"
            case .unwritableExtension: return "\(failure) (give -o one of those extensions)"
            }
        case let error as LibraryError:
            switch error {
            case .noSuchArticle: return "\(failure); 'narrate list' shows the ids"
            case .noSuchFeed: return "\(failure); 'narrate feeds' lists them"
            case .notALibrary: return "\(failure); move it away or choose another --library"
            case .unavailable, .noSuchSentence: return failure.description
            }
        case ListeningError.articleFinished(let id) as ListeningError:
            return "\(failure); 'narrate position \(id) --reset' starts it over"
        case QueueError.noSuchJob as QueueError:
            return "\(failure); 'narrate jobs' shows them"
        case is ListenError:
            return "\(failure); choose another --port (0 lets the system pick) or --host"
        default:
            return failure.description
        }
    }

    /// The line for an audio error: the option to change.
    private static func message(for error: AudioError) -> String {
        let formats = "use --format flac, ogg, opus, mp3, au or raw"
        switch error {
        case .outputUnavailable:
            return "\(error); use --sink stdout to pipe the audio to a player "
                + "(narrate play ID --sink stdout | aplay) or --sink null to play silently"
        case .formatUnavailable, .encoderRefused:
            return "\(error), or choose another --format"
        case .cannotStream(let path, let kind, let format) where path == "-":
            return "-o -: \(format) cannot be written to a pipe (its header is rewritten at the end); \(formats) for \(kind)"
        case .cannotStream(let path, let kind, let format):
            return "-o \(path): it is \(kind), which is written as a stream, and \(format) "
                + "cannot be streamed (its header is rewritten at the end); \(formats), or give a file name"
        }
    }

    /// Exits the process with `code`, after checking that standard output took everything.
    public static func terminate(_ code: Int32) -> Never {
        finishStandardOutput()
        exit(code)
    }

    /// Flushes standard output: when what a command printed could not be written (a full
    /// disk, an I/O error), that is one line and exit 74, not a silent success. A reader that
    /// went away (`narrate list | head -1`) chose to stop reading; that ends quietly.
    public static func finishStandardOutput() {
        guard let failure = StandardOutput.flush(), failure.code != EPIPE else { return }
        fail(.streamWriteFailed(path: "standard output", reason: failure.description))
    }

    /// What to tell the user when an article must be rendered before it can be played.
    public static func noteRenderingFirst(_ id: Int64) -> (Double) -> Void {
        { seconds in printNote("rendering article \(id) first (\(DurationText.minutes(seconds)) of audio)") }
    }

    /// Prints a line on standard error that is not an error ("showing 100 of 2,000").
    public static func printNote(_ message: String) {
        printError(message)
    }

    /// Prints "narrate: `message`" on standard error, unbuffered.
    public static func printError(_ message: String) {
        let line = "narrate: \(message)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { buffer in
            write(STDERR_FILENO, buffer.baseAddress, buffer.count - 1)
        }
    }
}
