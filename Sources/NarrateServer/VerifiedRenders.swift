import Foundation
import NIOConcurrencyHelpers

/// Renders whose audio was checked against the library (it is this article's, whole, in its
/// recorded length), remembered with the file's size and time, so a player's next range
/// request (a seek) costs a `stat`, not the library's look-ups and the file's header read.
/// A file that changed is checked again; a deleted article's renders are forgotten.
final class VerifiedRenders: Sendable {
    struct Entry: Sendable {
        var articleId: Int64
        var path: String
        var format: String
        var size: Int
        var modified: Date
    }

    private let entries = NIOLockedValueBox<[Int64: Entry]>([:])

    /// Render `renderId` of article `articleId` when it was checked and its file is unchanged.
    func entry(renderId: Int64, articleId: Int64) -> Entry? {
        guard let entry = entries.withLockedValue({ $0[renderId] }), entry.articleId == articleId,
            let (size, modified) = Self.stat(entry.path), size == entry.size, modified == entry.modified
        else { return nil }
        return entry
    }

    /// Remembers render `renderId` as checked, as its file is now.
    func remember(renderId: Int64, articleId: Int64, path: String, format: String) {
        guard let (size, modified) = Self.stat(path) else { return }
        entries.withLockedValue { $0[renderId] = Entry(articleId: articleId, path: path, format: format, size: size, modified: modified) }
    }

    /// Forgets the renders of article `articleId` (deleted).
    func forget(articleId: Int64) {
        entries.withLockedValue { $0 = $0.filter { $0.value.articleId != articleId } }
    }

    static func stat(_ path: String) -> (Int, Date)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return (size, modified)
    }
}
