public import NarrateCore

/// Outputs that cannot be written as asked: what was asked for does not fit together.
public enum OutputError: ModuleError {
    /// A split was asked for with no file name to number the parts after (the library, standard
    /// output, a device).
    case splitNeedsFileName
    /// A split was asked for with a sync map or chapters, which describe one file.
    case splitWithOneFileExtras
    /// The output's extension names no format narrate writes (`formats` lists those it does).
    case unwritableExtension(suffix: String, formats: String)

    public var kind: FailureKind { .invalidRequest }

    public var description: String {
        switch self {
        case .splitNeedsFileName:
            "a split writes numbered files named after the output; give the output a file name"
        case .splitWithOneFileExtras:
            "a split writes one file per part; a sync map and chapters describe one file, so ask for them without a split"
        case .unwritableExtension(let suffix, let formats):
            "cannot write '\(suffix)' files; narrate writes \(formats)"
        }
    }
}
