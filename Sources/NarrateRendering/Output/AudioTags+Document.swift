import Foundation
public import NarrateAudio
public import NarrateCore

extension AudioTags {
    /// The album tag when none is asked for.
    public static let defaultAlbum = "narrate"

    /// The tags of a narrated article: its title, byline (else site) as artist, `album`,
    /// publication date and source URL as comment.
    public init(document: Document, album: String = AudioTags.defaultAlbum) {
        func nonEmpty(_ value: String?) -> String? {
            guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
            return trimmed
        }
        self.init(
            title: nonEmpty(document.title), artist: nonEmpty(document.byline) ?? nonEmpty(document.site),
            album: nonEmpty(album), date: nonEmpty(document.publishedAt), comment: nonEmpty(document.sourceURL)
        )
    }
}
