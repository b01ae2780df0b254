import NIOConcurrencyHelpers
import NarratePublishing

/// The chapter files of books' feeds (`BookChapters`), remembered by render: a podcast app
/// asks for a chapter in many ranges, and each then costs a `stat`, not the book's document,
/// sentences and timings read again. A file gone or changed (its render replaced, its cuts
/// removed) is looked up afresh.
final class CutChapterFiles: Sendable {
    private let books = NIOLockedValueBox<[Int64: (articleId: Int64, files: [BookChapters.File])]>([:])
    /// Books remembered at most (the oldest remembered goes first).
    static let limit = 16

    /// Chapter `number` of render `renderId` of article `articleId`, when remembered and its
    /// file is as it was cut.
    func file(renderId: Int64, articleId: Int64, number: Int) -> BookChapters.File? {
        guard let book = books.withLockedValue({ $0[renderId] }), book.articleId == articleId,
            let file = book.files.first(where: { $0.number == number }),
            let (size, _) = VerifiedRenders.stat(file.path), Int64(size) == file.bytes
        else { return nil }
        return file
    }

    /// Remembers the chapter files of render `renderId` of article `articleId`.
    func remember(renderId: Int64, articleId: Int64, files: [BookChapters.File]) {
        books.withLockedValue { books in
            if books.count >= Self.limit, books[renderId] == nil, let oldest = books.keys.min() { books[oldest] = nil }
            books[renderId] = (articleId, files)
        }
    }
}
