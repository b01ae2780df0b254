public import NarrateLibrary

/// Where a feed's files are reached: the web server's routes, or a published folder's
/// address. A feed links its audio, chapters, transcripts and cover through it.
public protocol FeedAddressing: Sendable {
    /// The feed's own address.
    var feedURL: String { get }
    /// A web page of the podcast.
    var homeURL: String { get }
    /// The cover image's address.
    var coverURL: String { get }
    /// The address of `episode`'s audio in `format`.
    func audioURL(of episode: EpisodeRecord, format: EpisodeFormat) -> String
    /// The address of `episode`'s file of `kind`.
    func fileURL(of episode: EpisodeRecord, _ kind: EpisodeFile) -> String
}
