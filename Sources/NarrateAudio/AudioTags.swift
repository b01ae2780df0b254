/// The tags written into a file where its format carries them (WAV LIST/INFO, FLAC and Ogg
/// Vorbis comments, ID3 for MP3).
public struct AudioTags: Sendable, Equatable {
    /// The article's title.
    public var title: String?
    /// Who wrote it: the byline, else the site.
    public var artist: String?
    /// The album (`--album`, default "narrate").
    public var album: String?
    /// The publication date (MP3's ID3 keeps only the year).
    public var date: String?
    /// A comment: the article's source URL.
    public var comment: String?
    /// The part number of a split set, as "3/12".
    public var trackNumber: String?

    /// Creates tags.
    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, date: String? = nil,
        comment: String? = nil, trackNumber: String? = nil
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.date = date
        self.comment = comment
        self.trackNumber = trackNumber
    }

    /// Whether no tag is set.
    public var isEmpty: Bool {
        [title, artist, album, date, comment, trackNumber].allSatisfy { $0 == nil }
    }
}
