import Foundation
public import NarrateLibrary

/// Where a feed published into a folder links its files: under the address the folder is
/// served at (`--base-url`), audio, chapters and transcripts in `episodes/`.
public struct PublishedFeedAddresses: FeedAddressing {
    /// The folder's address, ending in "/".
    public let base: String

    /// Addresses under `base` (a "/" is added when it has none).
    public init(base: String) {
        self.base = base.hasSuffix("/") ? base : base + "/"
    }

    public var feedURL: String { base + PodcastPublisher.feedName }
    public var homeURL: String { base }
    public var coverURL: String { base + PodcastPublisher.coverName }

    public func audioURL(of episode: EpisodeRecord, format: EpisodeFormat) -> String {
        base + Self.encoded(PodcastPublisher.episodePath(of: episode) + "." + format.fileExtension)
    }

    public func fileURL(of episode: EpisodeRecord, _ kind: EpisodeFile) -> String {
        base + Self.encoded(PodcastPublisher.episodePath(of: episode) + kind.suffix)
    }

    /// `path` with what an address cannot hold percent-encoded.
    static func encoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }
}
