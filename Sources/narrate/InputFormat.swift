import ArgumentParser
import NarrateCore

/// The input formats a user can force with `--format`.
enum InputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, markdown, html

    var sourceFormat: SourceFormat {
        switch self {
        case .text: .text
        case .markdown: .markdown
        case .html: .html
        }
    }
}
