import Foundation
import GRDB

/// What an import records about where an article came from, written in the same
/// transaction as the article (`ArticleStore.add(_:recording:)`).
public enum ImportRecord: Sendable, Equatable {
    /// A link of a read-later export; `archived` when the export says it was read (archived),
    /// which marks a newly added article heard to the end and puts it in the archive, as in
    /// the app it came from.
    case savedLink(url: String, archived: Bool)
    /// An item of a followed feed.
    case feedItem(subscriptionId: Int64, guid: String, url: String?)

    /// Writes the record for an article added or found (`outcome`) with `sentenceCount` sentences.
    func write(_ db: Database, outcome: AddOutcome, sentenceCount: Int) throws {
        let (articleId, added): (Int64?, Bool) =
            switch outcome {
            case .added(let id, _): (id, true)
            case .exists(let id, _): (id, false)
            }
        switch self {
        case .savedLink(let url, let archived):
            if added, archived, let articleId {
                try PositionStore.writePosition(
                    db, articleId: articleId, sentence: max(0, sentenceCount - 1), word: nil, finished: true,
                    listenedAt: Date().timeIntervalSince1970, device: nil
                )
                _ = try ArticleStore.shelve(ids: [articleId], on: .archive, db)
            }
            try SavedLinkStore.recordSavedLink(db, url: url, articleId: articleId, outcome: added ? .added : .duplicate, detail: nil)
        case .feedItem(let subscriptionId, let guid, let url):
            try SubscriptionStore.recordItem(
                db, subscriptionId: subscriptionId, guid: guid, url: url, articleId: added ? articleId : nil,
                outcome: added ? .added : .duplicate, detail: nil
            )
        }
    }
}
