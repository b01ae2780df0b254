import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarrateText
import Synchronization

/// An EPUB book as the library adds it, a chapter at a time (`ArticleChapters`): each walk
/// reads its chapters again from the zip. Each chapter is cut into sentences with the
/// evidence of the whole book, gathered during the first walk that reads it all (the
/// library's first, which it makes before it asks for any sentences), so its sentences are
/// those of the book read whole.
final class ChapteredBook: ArticleChapters {
    let book: EPUBBook
    /// Its language: the one chosen, else declared, else detected from its first words.
    let language: String?
    private let segmenter: SentenceSegmenter
    private let evidence = Mutex<SentenceEvidence?>(nil)

    /// How much of the book's prose its language is told from (more than the detector reads).
    static let sampleBytes = 32 * 1024

    /// Opens `book`, its language `language` when given, else the book's, else `detector`'s
    /// guess from its first words (its first chapters are read for them).
    init(_ book: EPUBBook, language chosen: String?, detector: LanguageDetector?) throws(NarrateError) {
        self.book = book
        var language = chosen ?? book.head.language
        if language == nil, let detector {
            // The first words of its prose, blocks joined by blank lines as `Document.proseText` has them.
            var sample = ""
            var sampled = false
            try book.forEachChapter(until: { _ in sample.utf8.count >= Self.sampleBytes }) { chapter in
                for block in chapter.blocks where block.kind != .code && sample.utf8.count < Self.sampleBytes {
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

    func forEachChapter(_ body: (ArticleChapter) throws(NarrateError) -> Void) throws(NarrateError) {
        var firstBlockIndex = 0
        let gathered = evidence.withLock { $0 != nil }
        var evidence = SentenceEvidence()
        try book.forEachChapter { chapter throws(NarrateError) in
            if !gathered { evidence.add(chapter.blocks) }
            let read = ArticleChapter(blocks: chapter.blocks, firstBlockIndex: firstBlockIndex, original: Array(chapter.markup.utf8))
            firstBlockIndex += chapter.blocks.count
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
