import NarrateLibrary

/// A link or a feed's item that did not become an article, as the line under a summary
/// shows it: "  dead link: URL: why".
enum ItemProblemLine {
    /// The line for an item at `url` whose `outcome` was not an article; a failure is called
    /// `failed` (what happens to it next differs between an import and a refresh).
    static func text(url: String, outcome: FeedItemOutcome, reason: String, failed: String) -> String {
        let kind =
            switch outcome {
            case .dead: "dead link"
            case .noArticle: "no article"
            default: failed
            }
        return "  \(kind): \(url): \(reason)"
    }
}
