/// Everything that can go wrong while narrating, with what, where and what to do.
///
/// Each front end maps it in one place: the command line to a sysexits exit code
/// (`NarrateError.exitCode`, NarrateTerminal), the server to an HTTP status (`APIError`).
/// The description is in the domain's words, for any front end (a terminal, a web page): it
/// never names a command or a flag. A front end adds what to type or click next.
///
/// The cases here are those several modules raise (an input that cannot be read, an output
/// that cannot be written, a voice, an option). A module whose failures are its own states
/// them in a `ModuleError` type (`LibraryError`, `QueueError`, ...), carried as `.module`.
///
/// An `invalidOption` names the setting (`bitrate`, `sample-rate`, `sync`, ...) as the
/// front ends call it; a message about the setting's value starts with that name.
public enum NarrateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option has a value outside what is accepted.
    case invalidOption(name: String, message: String)
    /// No installed voice has this name; `suggestions` are the closest names.
    case unknownVoice(name: String, suggestions: [String])
    /// No installed voice speaks this language; `suggestions` are the closest languages.
    case noVoiceSpeaks(language: String, suggestions: [String])
    /// A voice preset is missing or malformed.
    case invalidPreset(location: String, message: String)
    /// The input does not exist or cannot be read.
    case inputUnavailable(path: String, reason: String)
    /// The input is not valid UTF-8; `byteOffset` is where decoding failed.
    case invalidUTF8(path: String, byteOffset: Int)
    /// The input is in a Unicode encoding other than UTF-8 (`encoding`, such as "UTF-16LE")
    /// but holds an ill-formed sequence at `byteOffset` in the file.
    case invalidEncoding(path: String, encoding: String, byteOffset: Int)
    /// The input holds binary data (a NUL byte at `byteOffset`).
    case binaryInput(path: String, byteOffset: Int)
    /// The input is empty or holds only white space.
    case emptyInput(path: String)
    /// The input has text, but nothing a voice could speak.
    case noSpeakableText(path: String)
    /// The input's markup could not be read.
    case malformedInput(path: String, message: String)
    /// The output already exists and overwriting was not asked for.
    case outputExists(path: String)
    /// The output cannot be created.
    case cannotCreateOutput(path: String, reason: String)
    /// Writing the output failed part way.
    case writeFailed(path: String, reason: String)
    /// Writing to a stream (standard output, a device, a FIFO, a socket) failed part way:
    /// what was written before stays written.
    case streamWriteFailed(path: String, reason: String)
    /// The speech engine reported an error.
    case engine(code: Int32, message: String)
    /// The user interrupted the work.
    case interrupted
    /// A web page has no part that reads as an article (only menus, links, forms).
    case noReadableArticle(path: String)
    /// A URL could not be fetched: no connection, a timeout, an HTTP error status, too large.
    case fetchFailed(url: String, reason: String)
    /// A URL answered with something narrate cannot read (a PDF, an image).
    case unsupportedContent(url: String, contentType: String)
    /// A C library narrate reads a format with (libxml2 for feeds, libarchive for zips,
    /// libcsv for CSV exports) cannot be loaded; `package` is the Debian package that has it.
    case readerUnavailable(format: String, reason: String, package: String)

    /// An input over the most narrate reads of its kind (`limit` bytes): refused before it
    /// is read whole. `kind` says what it is ("an article", "an export").
    case inputTooLarge(path: String, limit: Int, kind: String)
    /// An error a module states for itself (`LibraryError`, `AudioError`, `QueueError`, ...),
    /// in its own words.
    case module(ModuleFailure)

    /// `error`, a module's own, carried as a `NarrateError`.
    public init(_ error: some ModuleError) {
        self = .module(ModuleFailure(error))
    }

    /// The module's own error of type `type` this carries, if it is one.
    public func module<Failure: ModuleError>(as type: Failure.Type) -> Failure? {
        guard case .module(let failure) = self else { return nil }
        return failure.error as? Failure
    }

    /// Whether the error says the input given is not what it should be (not text, not a page
    /// with an article, malformed, too large): the input's fault, not the machine's or the
    /// network's. A fuzzer takes it as the input refused; the command line exits 65.
    public var isUnreadableInput: Bool {
        switch self {
        case .invalidUTF8, .invalidEncoding, .binaryInput, .emptyInput, .noSpeakableText, .malformedInput, .noReadableArticle,
            .unsupportedContent, .inputTooLarge:
            true
        default: false
        }
    }

    /// One line that says what went wrong, where, and what to do.
    public var description: String {
        switch self {
        case .invalidOption(_, let message):
            return message
        case .unknownVoice(let name, let suggestions):
            guard !suggestions.isEmpty else { return "unknown voice '\(name)'" }
            return "unknown voice '\(name)'; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?"
        case .noVoiceSpeaks(let language, let suggestions):
            let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?)"
            return "no installed voice speaks '\(language)'\(hint)"
        case .invalidPreset(let location, let message):
            return "\(location): \(message)"
        case .inputUnavailable(let path, let reason):
            return "\(path): \(reason)"
        case .invalidUTF8(let path, let offset):
            return "\(path): invalid UTF-8 at byte offset \(offset); convert the file to UTF-8 (for example with iconv)"
        case .invalidEncoding(let path, let encoding, let offset):
            return "\(path): invalid \(encoding) at byte offset \(offset); convert the file to UTF-8 (for example with iconv)"
        case .binaryInput(let path, let offset):
            return "\(path): binary data (NUL byte at offset \(offset)); narrate reads text, Markdown and web pages"
        case .emptyInput(let path):
            return "\(path): the input is empty; nothing to narrate"
        case .noSpeakableText(let path):
            return "\(path): no speakable text (no letters or digits outside skipped parts)"
        case .malformedInput(let path, let message):
            return "\(path): \(message)"
        case .inputTooLarge(let path, let limit, let kind):
            return "\(path): larger than \(Self.size(limit)), the most narrate reads as \(kind); save a shorter part, or split it"
        case .outputExists(let path):
            return "\(path): already exists"
        case .cannotCreateOutput(let path, let reason):
            return "\(path): cannot create output: \(reason)"
        case .writeFailed(let path, let reason):
            return "\(path): write failed: \(reason); the output was not created"
        case .streamWriteFailed(let path, let reason):
            return "\(path): write failed: \(reason); what it received is incomplete"
        case .noReadableArticle(let path):
            return "\(path): no readable article found (the page has only navigation, links or forms)"
        case .fetchFailed(let url, let reason):
            return "\(url): cannot fetch: \(reason)"
        case .unsupportedContent(let url, let contentType):
            return "\(url): is \(contentType), not a web page, text, an EPUB or a PDF; narrate cannot read it"
        case .readerUnavailable(let format, let reason, let package):
            return "cannot read \(format): \(reason); install Debian's \(package)"
        case .engine(let code, let message):
            return "eSpeak NG error 0x\(String(UInt32(bitPattern: code), radix: 16)): \(message)"
        case .interrupted:
            return "interrupted; no output was written"
        case .module(let failure):
            return failure.description
        }
    }

    /// A byte count as a person writes it: "16 MiB", "512 KiB", "1000 bytes".
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
