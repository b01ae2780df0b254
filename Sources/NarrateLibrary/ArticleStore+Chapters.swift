import Foundation
internal import GRDB
import NarrateCore
import NarrateSearch

extension ArticleStore {
    /// What a first walk through a book's chapters tells before it is stored.
    private struct ChapterSurvey {
        var hash = ContentHash.Blocks()
        var words = 0
        var parts = 1
        var splitter = ContentParts.Splitter()
        var originalBytes = 0
        /// The first paragraph of the article's own, and the first other block that says
        /// something but its title: what its excerpt is made from.
        var firstParagraph: Block?
        var firstSaying: Block?
    }

    /// Adds `article`, whose `chapters` give its text, a chapter at a time: walked once for
    /// its hash, words and size (a duplicate is found before anything is written), then again
    /// inside the transaction that stores its sentences, its document's parts, its original's
    /// parts and its search passages as each chapter comes. Stored as `add` stores the whole
    /// article; one short enough to be stored whole is read whole and stored so.
    func add(_ article: NewArticle, chapters: any ArticleChapters, recording record: ImportRecord?) throws(NarrateError)
        -> AddOutcome
    {
        let titleWords = article.document.title.split(whereSeparator: \.isWhitespace)
        var survey = ChapterSurvey()
        try chapters.forEachChapter { chapter in
            for block in chapter.blocks {
                survey.hash.add(block.text)
                if block.part != .apparatus { survey.words += NewArticle.wordCount(of: block.text) }
                if survey.splitter.startsPart(before: block) { survey.parts += 1 }
                if survey.firstParagraph == nil, Document.isExcerptParagraph(block) { survey.firstParagraph = block }
                if survey.firstSaying == nil, Document.isExcerptFallback(block, titleWords: titleWords) { survey.firstSaying = block }
            }
            survey.originalBytes += chapter.original.count
        }
        let isLong = survey.parts > 1 || survey.originalBytes > SearchIndex.passageLength
        guard isLong else { return try add(Self.whole(article, chapters: chapters), recording: record) }
        let contentHash = survey.hash.finish()
        var head = article.document
        head.blocks = [survey.firstParagraph, survey.firstSaying].compactMap { $0 }
        let excerpt = head.summaryExcerpt()
        head.blocks = []
        let document = try json(head)
        return try database.write { db in
            if let outcome = try existing(db, contentHash: contentHash) {
                let sentenceCount = try Int.fetchOne(
                    db, sql: "SELECT sentenceCount FROM article WHERE contentHash = ?", arguments: [contentHash])
                try record?.write(db, outcome: outcome, sentenceCount: sentenceCount ?? 0)
                return outcome
            }
            // Its sentences are counted as they are stored.
            let id = try insert(
                article, db: db, contentHash: contentHash, wordCount: survey.words, sentenceCount: 0, excerpt: excerpt)
            try ArticleContentRow(articleId: id, original: Data(), document: document).insert(db)
            var writer = PartWriter(
                articleId: id, isOnePart: survey.parts == 1, isOriginalWhole: survey.originalBytes <= SearchIndex.passageLength)
            var index = ArticleIndexWriter(
                id: id, title: article.title, byline: article.byline, language: article.language?.lowercased(), db: db)
            try chapters.forEachChapter { chapter throws(NarrateError) in
                do {
                    try writer.add(chapter, sentences: chapters.sentences(of: chapter), store: self, index: &index, db: db)
                } catch let error as NarrateError {
                    throw error
                } catch {
                    throw NarrateError(LibraryError.unavailable(path: database.path, reason: "cannot store the book: \(error)"))
                }
            }
            try writer.finish(store: self, head: head, index: &index, db: db)
            try index.finish()
            let outcome = AddOutcome.added(id: id, title: article.title)
            try record?.write(db, outcome: outcome, sentenceCount: writer.sentences)
            return outcome
        }
    }

    /// `article` with its chapters read into one document, original and sentences.
    private static func whole(_ article: NewArticle, chapters: any ArticleChapters) throws(NarrateError) -> NewArticle {
        var whole = article
        whole.chapters = nil
        try chapters.forEachChapter { chapter in
            whole.document.blocks += chapter.blocks
            whole.original += chapter.original
            whole.sentences += chapters.sentences(of: chapter)
        }
        return whole
    }

    /// Stores a long article's chapters as they come, in the parts `add` stores it in.
    private struct PartWriter {
        let articleId: Int64
        /// Whether its text is one part (its document then holds its blocks; only its
        /// original is in parts).
        let isOnePart: Bool
        /// Whether its original is short enough to be stored whole.
        let isOriginalWhole: Bool
        /// The sentences stored so far.
        private(set) var sentences = 0
        private var splitter = ContentParts.Splitter()
        /// The blocks of the part being made, and the parts stored.
        private var part: [Block] = []
        private var parts = 0
        /// The original's bytes not yet stored, and its parts stored.
        private var original: [UInt8] = []
        private var originalParts = 0

        init(articleId: Int64, isOnePart: Bool, isOriginalWhole: Bool) {
            self.articleId = articleId
            self.isOnePart = isOnePart
            self.isOriginalWhole = isOriginalWhole
        }

        mutating func add(
            _ chapter: ArticleChapter, sentences places: [SentencePlace], store: ArticleStore, index: inout ArticleIndexWriter,
            db: Database
        ) throws {
            try ArticleStore.insertSentences(places, from: sentences, articleId: articleId, db: db)
            sentences += places.count
            for block in chapter.blocks {
                if splitter.startsPart(before: block), !isOnePart { try storePart(store: store, index: &index, db: db) }
                part.append(block)
            }
            original += chapter.original
            let length = SearchIndex.passageLength
            // Parts of `length` bytes as they fill; the last (at most `length`) at the end.
            if !isOriginalWhole, original.count > length {
                let whole = original.count / length * length
                for start in stride(from: 0, to: whole, by: length) {
                    try ArticleStore.insertOriginalPart(
                        Data(original[start..<start + length]), number: originalParts, articleId: articleId, db: db)
                    originalParts += 1
                }
                original.removeFirst(whole)
            }
        }

        /// Stores what is left, and the article's sentence count.
        mutating func finish(store: ArticleStore, head: Document, index: inout ArticleIndexWriter, db: Database) throws {
            if isOnePart {
                var document = head
                document.blocks = part
                try store.insertContentPart(part[...], number: nil, articleId: articleId, index: &index, db: db)
                try db.execute(
                    sql: "UPDATE articleContent SET document = ? WHERE articleId = ?", arguments: [try store.json(document), articleId])
            } else {
                try storePart(store: store, index: &index, db: db)
            }
            if isOriginalWhole {
                try db.execute(sql: "UPDATE articleContent SET original = ? WHERE articleId = ?", arguments: [Data(original), articleId])
            } else if !original.isEmpty {
                try ArticleStore.insertOriginalPart(Data(original), number: originalParts, articleId: articleId, db: db)
            }
            try db.execute(sql: "UPDATE article SET sentenceCount = ? WHERE id = ?", arguments: [sentences, articleId])
        }

        private mutating func storePart(store: ArticleStore, index: inout ArticleIndexWriter, db: Database) throws {
            try store.insertContentPart(part[...], number: parts, articleId: articleId, index: &index, db: db)
            parts += 1
            part.removeAll(keepingCapacity: true)
        }
    }
}
