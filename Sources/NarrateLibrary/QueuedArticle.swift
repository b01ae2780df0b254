import Foundation
public import NarrateCore

/// An article as a job of a shared queue carries it: everything a worker with no library
/// needs to render it (its document and sentences as the library stored them, so timings
/// match the submitter's sentences), but not the bytes it was saved as.
public struct QueuedArticle: Sendable, Equatable, Codable {
    /// Id (in the submitting library), title, language, length and tags.
    public var summary: ArticleSummary
    public var byline: String?
    public var site: String?
    public var sourceURL: String?
    public var publishedAt: String?
    /// The voice chosen for it, when one was.
    public var voice: String?
    public var contentHash: String
    public var document: Document
    /// Its sentences as the library stored them.
    public var sentences: [StoredSentence]

    /// `article` with its `sentences`, to queue.
    public init(_ article: StoredArticle, sentences: [StoredSentence]) {
        summary = article.summary
        byline = article.byline
        site = article.site
        sourceURL = article.sourceURL
        publishedAt = article.publishedAt
        voice = article.voice
        contentHash = article.contentHash
        document = article.document
        self.sentences = sentences
    }

    /// The article as the renderer takes it (without the saved bytes).
    public var stored: StoredArticle {
        StoredArticle(
            summary: summary, byline: byline, site: site, sourceURL: sourceURL, sourcePath: nil, publishedAt: publishedAt,
            voice: voice, contentHash: contentHash, original: [], document: document
        )
    }

    /// As a job carries it.
    public func json() throws(NarrateError) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
        } catch {
            throw .malformedInput(path: "article \(summary.id)", message: "it cannot be written as JSON (\(error))")
        }
    }

    /// The article job `job` carries, from its JSON.
    public init(json: String, job: Int64) throws(NarrateError) {
        do {
            self = try JSONDecoder().decode(QueuedArticle.self, from: Data(json.utf8))
        } catch {
            throw .malformedInput(path: "job \(job)", message: "its article cannot be read (\(error)); queue it again with this narrate")
        }
    }
}
