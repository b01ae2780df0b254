public import NarrateCore

/// The command line's exit code for each error: sysexits codes, 130 when stopped. The one
/// place they are chosen; the root command exits with it (TerminalErrorLinesTests lists every
/// code and line that must not change).
extension NarrateError {
    /// The sysexits code for this error.
    public var exitCode: Int32 {
        switch self {
        case .invalidOption, .unknownVoice, .noVoiceSpeaks: 64
        case .invalidUTF8, .invalidEncoding, .binaryInput, .emptyInput, .noSpeakableText, .malformedInput,
            .noReadableArticle, .unsupportedContent, .inputTooLarge:
            65
        case .inputUnavailable: 66
        case .fetchFailed, .readerUnavailable: 69
        case .engine: 70
        case .cannotCreateOutput, .outputExists: 73
        case .writeFailed, .streamWriteFailed: 74
        case .invalidPreset: 78
        case .interrupted: 130
        case .module(let failure):
            switch failure.kind {
            case .serviceUnavailable: 69
            case .permissionDenied: 77
            case .systemRefused: 71
            case .storageFailure: 74
            case .invalidRequest: 64
            case .notFound: 66
            }
        }
    }
}
