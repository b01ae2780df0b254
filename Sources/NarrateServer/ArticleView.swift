import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateListening

/// An article as its page plays it: the text in blocks, each sentence and word with where
/// it stands in its block and, once rendered, when it is heard; the render to play or the
/// job making it; and the saved position.
struct ArticleView: Encodable, Sendable {
    var article: ArticleItem
    @Nullable var byline: String?
    @Nullable var url: String?
    var blocks: [ArticleTranscript.Block]
    var sentences: [SpanView]
    var words: [SpanView]
    @Nullable var render: RenderView?
    @Nullable var job: JobView?
    @Nullable var position: PositionView?

    /// A sentence or word; its times are nil before the article is rendered.
    struct SpanView: Encodable, Sendable {
        var sentence: Int
        var block: Int
        var start: Int
        var end: Int
        @Nullable var startSeconds: Double?
        @Nullable var endSeconds: Double?
    }

    /// Article `id` of `library`, timed in its listening render in one of `formats` (what
    /// the player plays, best first) when it has one.
    init(articleId id: Int64, library: ArticleLibrary, formats: [AudioFileFormat] = [.wav]) throws(NarrateError) {
        let stored = try library.articles.article(id: id)
        let state = try ListeningQueue(library: library, formats: formats).state(articleId: id)
        article = ArticleItem(summary: stored.summary)
        byline = stored.byline
        url = stored.sourceURL
        job = nil
        render = nil
        if case .rendered(let record, let samples) = state {
            let transcript = try ArticleTranscript(articleId: id, library: library, render: record, sentenceSamples: samples)
            blocks = transcript.blocks
            sentences = transcript.sentences.map(SpanView.init)
            words = transcript.words.map(SpanView.init)
            render = RenderView(record)
        } else {
            blocks = ArticleTranscript.blocks(of: stored.document)
            sentences = try library.articles.sentences(ofArticle: id).map { sentence in
                SpanView(
                    sentence: sentence.position, block: sentence.blockIndex, start: sentence.textRange.lowerBound,
                    end: sentence.textRange.upperBound
                )
            }
            words = []
            switch state {
            case .rendering(let job), .failed(let job): self.job = JobView(job: job, estimatedSeconds: stored.summary.listeningSeconds)
            case .rendered, .none: break
            }
        }
        let sentenceSpans = sentences
        position = try library.positions.position(ofArticle: id).map { saved in
            let seconds = sentenceSpans.indices.contains(saved.sentence) ? sentenceSpans[saved.sentence].startSeconds : nil
            return PositionView(position: saved, seconds: seconds)
        }
    }
}

extension ArticleView.SpanView {
    init(_ span: ArticleTranscript.Span) {
        self.init(
            sentence: span.sentence, block: span.block, start: span.start, end: span.end, startSeconds: span.startSeconds,
            endSeconds: span.endSeconds
        )
    }
}
