import Foundation
public import NarrateLibrary

/// Where a feed published into a folder links its files: under the address the folder is
/// served at (`--base-url`), audio, chapters and transcripts in `episodes/`.
public struct PublishedFeedAddresses: FeedAddressing {
    /// The folder's address, ending in "/".
    public let base: String
    /// The cover's file name in the folder.
    public let coverName: String

    /// Addresses under `base` (a "/" is added when it has none), the cover `coverName`.
    public init(base: String, coverName: String = "cover.png") {
        self.base = base.hasSuffix("/") ? base : base + "/"
        self.coverName = coverName
    }

    public var feedURL: String { base + PodcastPublisher.feedName }
    public var homeURL: String { base }
    public var coverURL: String { base + coverName }

    public func audioURL(of episode: EpisodeRecord, format: EpisodeFormat) -> String {
        base + Self.encoded(PodcastPublisher.episodePath(of: episode) + "." + format.fileExtension)
    }

    public func fileURL(of episode: EpisodeRecord, _ kind: EpisodeFile) -> String {
        base + Self.encoded(PodcastPublisher.episodePath(of: episode) + kind.suffix)
    }

    public func chapterURL(of episode: EpisodeRecord, chapter: Int) -> String {
        base + Self.encoded(PodcastPublisher.chapterPath(of: episode, chapter: chapter))
    }

    /// `path` with what an address cannot hold percent-encoded.
    static func encoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }
}
