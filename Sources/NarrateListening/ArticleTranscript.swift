public import NarrateCore
public import NarrateLibrary

/// An article as a player shows it while it plays: its blocks as the listener reads them,
/// each sentence and each spoken word with where it stands in its block and when it is
/// heard in one render, and the saved position. A page highlights the sentence and word
/// whose times hold the audio's current time, and starts playing from a word's start.
public struct ArticleTranscript: Encodable, Sendable {
    /// One block: a heading, paragraph, list item, quote or notice.
    public struct Block: Encodable, Sendable, Equatable {
        public var index: Int
        /// "heading" (with `level`), "paragraph", "listItem", "quote" or "notice".
        public var kind: String
        public var level: Int?
        public var text: String
        /// The part of the article it is when it is not running text ("references",
        /// "footnotes", "images", "tables", "code", "apparatus"): read or not by the library's choices.
        public var part: String?
    }

    /// One sentence or word: its place in its block's text (Unicode scalar offsets) and
    /// when it is heard, in seconds.
    public struct Span: Encodable, Sendable, Equatable {
        /// Its sentence, from 0.
        public var sentence: Int
        public var block: Int
        public var start: Int
        public var end: Int
        public var startSeconds: Double
        public var endSeconds: Double
    }

    /// Where the listener is.
    public struct Position: Encodable, Sendable, Equatable {
        public var sentence: Int
        /// The word's offset in its block's text, when known.
        public var word: Int?
        /// When the sentence (or the word) starts in the render.
        public var seconds: Double
        public var finished: Bool
        /// When the listening happened, on its device (seconds since 1970).
        public var listenedAt: Double
        public var device: String?
    }

    public var id: Int64
    public var title: String
    public var language: String?
    /// The render the times are in.
    public var renderId: Int64
    public var duration: Double
    public var blocks: [Block]
    /// Each sentence, its pause included in its time.
    public var sentences: [Span]
    /// Each spoken word, in order (empty for a render made before words were timed).
    public var words: [Span]
    /// The saved position; nil when never played.
    public var position: Position?

    /// Article `articleId` timed in `render`, whose sentences start and end at
    /// `sentenceSamples`.
    public init(
        articleId: Int64, library: ArticleLibrary, render: RenderRecord, sentenceSamples: [Range<Int64>]
    ) throws(NarrateError) {
        let article = try library.articles.article(id: articleId)
        let stored = try library.articles.sentences(ofArticle: articleId)
        let rate = Double(max(render.sampleRate, 1))
        id = articleId
        title = article.summary.title
        language = article.summary.language
        renderId = render.id
        duration = Double(render.sampleCount) / rate
        blocks = Self.blocks(of: article.document)
        sentences = zip(stored, sentenceSamples).map { sentence, samples in
            Span(
                sentence: sentence.position, block: sentence.blockIndex, start: sentence.textRange.lowerBound,
                end: sentence.textRange.upperBound, startSeconds: Double(samples.lowerBound) / rate,
                endSeconds: Double(samples.upperBound) / rate
            )
        }
        words = try library.renders.words(ofRender: render.id).compactMap { word in
            guard stored.indices.contains(word.sentence) else { return nil }
            return Span(
                sentence: word.sentence, block: stored[word.sentence].blockIndex, start: word.textRange.lowerBound,
                end: word.textRange.upperBound, startSeconds: Double(word.samples.lowerBound) / rate,
                endSeconds: Double(word.samples.upperBound) / rate
            )
        }
        position = try library.positions.position(ofArticle: articleId).map { [sentences, words] saved in
            let word = saved.word.flatMap { offset in
                words.first { $0.sentence == saved.sentence && $0.start <= offset && offset < $0.end }
            }
            let seconds = word?.startSeconds ?? (sentences.indices.contains(saved.sentence) ? sentences[saved.sentence].startSeconds : 0)
            return Position(
                sentence: saved.sentence, word: saved.word, seconds: seconds, finished: saved.finished, listenedAt: saved.listenedAt,
                device: saved.device
            )
        }
    }

    /// The blocks of `document` as a player shows them (before it is rendered too).
    public static func blocks(of document: Document) -> [Block] {
        document.blocks.enumerated().map { index, block in
            let part = block.part?.rawValue
            return switch block.kind {
            case .heading(let level): Block(index: index, kind: "heading", level: level, text: block.text, part: part)
            case .paragraph: Block(index: index, kind: "paragraph", text: block.text, part: part)
            case .listItem: Block(index: index, kind: "listItem", text: block.text, part: part)
            case .quote: Block(index: index, kind: "quote", text: block.text, part: part)
            case .notice: Block(index: index, kind: "notice", text: block.text, part: part)
            case .code: Block(index: index, kind: "code", text: block.text, part: part)
            }
        }
    }

    /// The spoken word heard at `seconds` (the last one started by then), for a player that
    /// highlights it.
    public func word(at seconds: Double) -> Span? {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].startSeconds <= seconds { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : words[low - 1]
    }
}
