import NarrateLibrary
import NarratePublishing

/// Where a feed served by `narrate serve` links its files: under the address the podcast
/// app asked on (`http://HOST:PORT`, with `/podcast/SECRET` for a private feed).
struct ServedFeedAddresses: FeedAddressing {
    /// `http://HOST:PORT` and, for a private feed, `/podcast/SECRET`.
    let base: String
    /// The web pages' address (without the secret: the pages ask for the token).
    let site: String
    /// The feed's path after `base` (`/feed.xml`, `/feeds/tag/news.xml`) and query.
    let feedPath: String
    /// The cover's path after `base`.
    let coverPath: String

    var feedURL: String { base + feedPath }
    var homeURL: String { site + "/" }
    var coverURL: String { base + coverPath }

    func audioURL(of episode: EpisodeRecord, format: EpisodeFormat) -> String {
        "\(base)/episodes/\(episode.articleId)/\(episode.render.id).\(format.fileExtension)"
    }

    func fileURL(of episode: EpisodeRecord, _ kind: EpisodeFile) -> String {
        "\(base)/episodes/\(episode.articleId)/\(episode.render.id)\(kind.suffix)"
    }

    func chapterURL(of episode: EpisodeRecord, chapter: Int) -> String {
        "\(base)/episodes/\(episode.articleId)/\(episode.render.id).chapter-\(chapter).mp3"
    }
}
