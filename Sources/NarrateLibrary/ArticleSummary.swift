/// One row of `narrate list`: an article without its content.
public struct ArticleSummary: Sendable, Equatable, Codable {
    /// The article's id.
    public var id: Int64
    /// The title.
    public var title: String
    /// ISO 639-1 code, when known.
    public var language: String?
    /// When it was saved, ISO 8601.
    public var savedAt: String
    /// Words in its text.
    public var wordCount: Int
    /// Estimated listening time at the default rate, in seconds (see `lengthSeconds`).
    public var listeningSeconds: Double
    /// Its tags, sorted.
    public var tags: [String]
    /// Its sentences.
    public var sentenceCount: Int
    /// The sentence the listener stopped at (from 0), nil when never played.
    public var position: Int?
    /// Whether it was heard to the end.
    public var finished: Bool
    /// The site it was published on, when known.
    public var site: String? = nil
    /// When it was archived (ISO 8601); nil while it is in the library.
    public var archivedAt: String? = nil
    /// The length of its newest render's audio, in seconds, when it has one.
    public var audioSeconds: Double? = nil
    /// Where the sentence at `position` starts in that render, in seconds.
    public var audioSecondsAtPosition: Double? = nil

    /// Whether it is in the library or the archive.
    public var shelf: Shelf {
        archivedAt == nil ? .library : .archive
    }

    /// How long it is to listen to: its audio's length once rendered, else the estimate.
    public var lengthSeconds: Double {
        audioSeconds ?? listeningSeconds
    }

    /// How much has been heard, from 0 to 1.
    public var progress: Double {
        if finished { return 1 }
        guard let position, sentenceCount > 0 else { return 0 }
        return Double(position) / Double(sentenceCount)
    }

    /// Listening time still ahead, in seconds: from where the listener's sentence starts to
    /// the end of the newest render's audio once there is one, else estimated.
    public var secondsLeft: Double {
        if finished { return 0 }
        guard let audioSeconds else { return listeningSeconds * (1 - progress) }
        guard position != nil else { return audioSeconds }
        return max(0, audioSeconds - (audioSecondsAtPosition ?? audioSeconds * progress))
    }
}
