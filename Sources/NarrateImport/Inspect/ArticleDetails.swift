public import NarrateCore
public import NarrateLibrary
import NarrateRendering
import NarrateSpeech
import NarrateText

/// One library article as a reader sees it: its metadata, the voice that narrates it, its
/// text and, when asked, its sentences.
public struct ArticleDetails: Encodable, Sendable {
    /// One sentence of the article.
    public struct Sentence: Encodable, Sendable {
        /// Its position, from 0.
        public var index: Int
        /// The block it is in.
        public var block: Int
        /// Its range in the source, in Unicode scalars.
        public var start: Int
        public var end: Int
        /// Its text.
        public var text: String
    }

    public var id: Int64
    public var title: String
    public var byline: String?
    public var site: String?
    public var sourceURL: String?
    public var sourcePath: String?
    public var language: String?
    /// The voice it is narrated with: its own, else the one its language picks.
    public var voice: String
    public var published: String?
    public var savedAt: String
    public var format: String
    public var wordCount: Int
    public var listeningSeconds: Double
    public var tags: [String]
    public var contentHash: String
    /// Its blocks, separated by blank lines.
    public var text: String
    /// Its sentences, when asked for.
    public var sentences: [Sentence]?

    /// Article `id` of `library`, with its sentences when `withSentences`; `engine` (started
    /// only for an article without a voice of its own; nil when there is none) names the
    /// voice its language picks.
    public init(id: Int64, library: ArticleLibrary, withSentences: Bool, engine: () -> (any SpeechEngine)?) throws(NarrateError) {
        let article = try library.articles.article(id: id)
        let summary = article.summary
        if withSentences {
            sentences = try library.articles.sentences(ofArticle: id).map { sentence in
                let scalars = Array(article.document.blocks[sentence.blockIndex].text.unicodeScalars)
                let range = sentence.textRange.clamped(to: 0..<scalars.count)
                return Sentence(
                    index: sentence.position, block: sentence.blockIndex, start: sentence.sourceRange.lowerBound,
                    end: sentence.sourceRange.upperBound, text: String(String.UnicodeScalarView(scalars[range]))
                )
            }
        }
        self.id = summary.id
        title = summary.title
        byline = article.byline
        site = article.site
        sourceURL = article.sourceURL
        sourcePath = article.sourcePath
        language = summary.language
        let preference = try VoicePreference.load(from: library)
        voice =
            article.voice ?? summary.language.flatMap { language in
                engine().flatMap { ArticleVoice.languageVoice(for: language, engine: $0, preference: preference) }
            } ?? VoiceSettings.standard.voice
        published = article.publishedAt
        savedAt = summary.savedAt
        format = article.document.format.rawValue
        wordCount = summary.wordCount
        listeningSeconds = summary.listeningSeconds
        tags = summary.tags
        contentHash = article.contentHash
        text = Block.pageText(of: article.document.blocks)
    }
}
