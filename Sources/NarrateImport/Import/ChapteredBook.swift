import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarrateText
import Synchronization

/// A book as the library adds it, a chapter at a time (`ArticleChapters`): an EPUB's
/// chapters read again from its zip on each walk, or a PDF's blocks read again from its
/// pages, in pieces whose source is made as each is walked, so neither book's original nor
/// its whole document is ever held. Each piece is cut into sentences with the
/// evidence of the whole book, gathered during the first walk that reads it all (the
/// library's first, which it makes before it asks for any sentences), so its sentences are
/// those of the book read whole.
final class ChapteredBook: ArticleChapters {
    /// What the book is read from.
    enum Content: Sendable {
        case epub(EPUBBook)
        /// A PDF, its blocks walked `pdfPieceBlocks` at a time.
        case pdf(PDFBook)
    }

    let content: Content
    /// The book without its blocks: title, authors and the rest.
    let head: Document
    /// Its language: the one chosen, else declared, else detected from its first words.
    let language: String?
    private let segmenter: SentenceSegmenter
    private let evidence = Mutex<SentenceEvidence?>(nil)

    /// How much of the book's prose its language is told from (more than the detector reads).
    static let sampleBytes = 32 * 1024
    /// How many of a PDF's blocks make one piece.
    static let pdfPieceBlocks = 256

    /// Opens the book in `content`, its language `language` when given, else the book's, else
    /// `detector`'s guess from its first words (its first chapters are read for them).
    init(_ content: Content, language chosen: String?, detector: LanguageDetector?) throws(NarrateError) {
        self.content = content
        switch content {
        case .epub(let book): head = book.head
        case .pdf(let book): head = book.head
        }
        var language = chosen ?? head.language
        if language == nil, let detector {
            // The first words of its prose, blocks joined by blank lines as `Document.proseText` has them.
            var sample = ""
            var sampled = false
            try Self.forEachPiece(of: content, until: { _ in sample.utf8.count >= Self.sampleBytes }) { blocks, _ in
                for block in blocks where block.kind != .code && sample.utf8.count < Self.sampleBytes {
                    if sampled { sample += "\n\n" }
                    sample += block.text.prefix(Self.sampleBytes)
                    sampled = true
                }
            }
            language = detector.language(of: sample)
        }
        self.language = language.map { LanguageRules.primaryCode(of: $0) }
        segmenter = SentenceSegmenter(language: self.language ?? "en")
    }

    /// Calls `body` with each piece of `content` (a chapter's blocks, and its source) until
    /// `isEnough` says so of one.
    private static func forEachPiece(
        of content: Content, until isEnough: ([Block]) -> Bool, _ body: ([Block], () -> String) throws(NarrateError) -> Void
    ) throws(NarrateError) {
        switch content {
        case .epub(let book):
            try book.forEachChapter(until: { isEnough($0.blocks) }) { chapter throws(NarrateError) in
                try body(chapter.blocks, { chapter.markup })
            }
        case .pdf(let book):
            try book.forEachPiece(blocks: pdfPieceBlocks, until: isEnough) { blocks throws(NarrateError) in
                try body(blocks, { blocks.map(PDFReader.source(of:)).joined() })
            }
        }
    }

    func forEachChapter(_ body: (ArticleChapter) throws(NarrateError) -> Void) throws(NarrateError) {
        var firstBlockIndex = 0
        let gathered = evidence.withLock { $0 != nil }
        var evidence = SentenceEvidence()
        try Self.forEachPiece(of: content, until: { _ in false }) { blocks, source throws(NarrateError) in
            if !gathered { evidence.add(blocks) }
            let read = ArticleChapter(blocks: blocks, firstBlockIndex: firstBlockIndex, original: Array(source().utf8))
            firstBlockIndex += blocks.count
            try body(read)
        }
        if !gathered { self.evidence.withLock { $0 = $0 ?? evidence } }
    }

    func sentences(of chapter: ArticleChapter) -> [SentencePlace] {
        var evidence = self.evidence.withLock { $0 }
        if evidence == nil {
            // Asked before any whole walk: one now (a book that cannot be read has none).
            try? forEachChapter { _ in }
            evidence = self.evidence.withLock { $0 }
        }
        return segmenter.places(of: chapter.blocks, firstBlockIndex: chapter.firstBlockIndex, evidence: evidence ?? SentenceEvidence())
    }
}
