public import NarrateCore
public import NarrateLibrary

/// An article's saved position and where its sentence starts in the article's listening
/// render, as a player resumes from it.
public struct TimedPosition: Sendable {
    /// The position saved: sentence, word, finished, when and on which device.
    public var position: ListeningPosition
    /// The start of its sentence in the listening render, in seconds; nil without a render.
    public var seconds: Double?

    /// Article `articleId`'s saved position, timed in its listening render (in any format
    /// the library makes); nil when it was never played.
    public static func saved(articleId: Int64, library: ArticleLibrary) throws(NarrateError) -> TimedPosition? {
        guard try library.articles.contains(articleId: articleId) else { throw NarrateError(LibraryError.noSuchArticle(id: articleId)) }
        guard let saved = try library.positions.position(ofArticle: articleId) else { return nil }
        var seconds: Double?
        if case .rendered(let render, let samples) = try ListeningQueue(library: library, formats: ListeningQueue.madeFormats).state(
            articleId: articleId),
            samples.indices.contains(saved.sentence)
        {
            seconds = Double(samples[saved.sentence].lowerBound) / Double(max(render.sampleRate, 1))
        }
        return TimedPosition(position: saved, seconds: seconds)
    }
}
