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
    /// The address of chapter `chapter` (from 1) of book `episode`, in MP3 (`BookChapters`).
    func chapterURL(of episode: EpisodeRecord, chapter: Int) -> String
}

extension FeedAddressing {
    /// The address of the file of `kind` of chapter `chapter` of book `episode`: its audio's
    /// address with the kind's suffix for ".mp3".
    public func chapterFileURL(of episode: EpisodeRecord, chapter: Int, _ kind: EpisodeFile) -> String {
        String(chapterURL(of: episode, chapter: chapter).dropLast(".mp3".count)) + kind.suffix
    }
}
