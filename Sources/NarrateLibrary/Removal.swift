/// What `ArticleStore.remove(ids:keepAudio:)` did.
public struct Removal: Sendable, Equatable, Codable {
    /// The articles removed.
    public var articles: [ArticleSummary]
    /// Audio files of the library's that were deleted with them.
    public var deletedAudio: [String]
    /// Audio files left on disk: the user's own (`-o`) renders, or all with `keepAudio`.
    public var keptAudio: [String]
    /// Files that could not be deleted, each with the reason; the articles are gone anyway.
    public var failedDeletions: [String]
}
