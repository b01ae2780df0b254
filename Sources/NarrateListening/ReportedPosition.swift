import Foundation
public import NarrateCore
public import NarrateLibrary

/// A position a player reports while it plays (the web player, on every sentence change, on
/// pause and when its page is closed): the sentence and word, whether the article was heard
/// to the end, when that was on the device, and which device it was.
public struct ReportedPosition: Sendable, Equatable {
    /// The sentence, from 0.
    public var sentence: Int
    /// The word, as its offset in its block's text (Unicode scalars); nil when unknown.
    public var word: Int?
    /// Whether the article was heard to the end.
    public var finished: Bool
    /// When the listening happened on the device (seconds since 1970).
    public var listenedAt: Double
    /// What listened ("web: Firefox on Android").
    public var device: String?

    public init(sentence: Int, word: Int? = nil, finished: Bool = false, listenedAt: Double, device: String? = nil) {
        self.sentence = sentence
        self.word = word
        self.finished = finished
        self.listenedAt = listenedAt
        self.device = device
    }

    /// How far ahead of this machine's clock a device's may be (a day): a device whose clock
    /// is further ahead would win every later listening.
    public static let clockTolerance = 86_400.0

    /// Saves it as article `articleId`'s position unless a later listening is already saved;
    /// returns whether it was saved. A sentence outside the article, a word outside its
    /// sentence, a time before 1970 or more than a day ahead, or a device name longer than
    /// 200 characters is `.invalidOption` (named "sentence", "word", "listenedAt" or
    /// "device"), and nothing changes.
    @discardableResult
    public func save(articleId: Int64, library: ArticleLibrary, now: Double? = nil) throws(NarrateError) -> Bool {
        let now = now ?? Date().timeIntervalSince1970
        guard try library.articles.contains(articleId: articleId) else { throw NarrateError(LibraryError.noSuchArticle(id: articleId)) }
        let sentences = try library.articles.sentences(ofArticle: articleId)
        guard sentences.indices.contains(sentence) else {
            throw .invalidOption(
                name: "sentence",
                message: sentences.isEmpty
                    ? "article \(articleId) has no sentences" : "article \(articleId) has sentences 0 to \(sentences.count - 1)"
            )
        }
        if let word {
            let range = sentences[sentence].textRange
            guard range.contains(word) else {
                throw .invalidOption(
                    name: "word",
                    message:
                        "sentence \(sentence) of article \(articleId) spans offsets \(range.lowerBound) to \(range.upperBound - 1) of its block"
                )
            }
        }
        guard listenedAt.isFinite, listenedAt > 0, listenedAt <= now + Self.clockTolerance else {
            throw .invalidOption(
                name: "listenedAt", message: "\(listenedAt) is not a time (seconds since 1970) up to a day ahead of this machine's clock")
        }
        if let device, device.count > 200 {
            throw .invalidOption(name: "device", message: "a device name is at most 200 characters")
        }
        return try library.positions.savePosition(
            articleId: articleId, sentence: sentence, word: word, finished: finished, listenedAt: listenedAt, device: device
        )
    }
}
