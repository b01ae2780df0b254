import Foundation
public import NarrateCore
public import NarrateLibrary

/// The up-next queue as every front end uses it (`narrate queue`, `narrate play` with no id,
/// the web player and its API): the articles to hear next, in the listener's order, and what
/// one heard to the end gets (the archive, or a tag). The library takes a finished article
/// out of the queue and archives or tags it when its position is saved.
public struct UpNext: Sendable {
    /// The library whose queue it is.
    public let library: ArticleLibrary

    public init(library: ArticleLibrary) {
        self.library = library
    }

    /// The articles in the queue, first to be heard first.
    public func articles() throws(NarrateError) -> [ArticleSummary] {
        var summaries: [ArticleSummary] = []
        for id in try library.upNext.articleIds() { summaries.append(try library.articles.summary(id: id)) }
        return summaries
    }

    /// Adds `ids` at the end (those already in it stay where they are).
    public func add(_ ids: [Int64]) throws(NarrateError) {
        try library.upNext.append(ids)
    }

    /// Adds every unfinished article of the library (not the archive) tagged `tag` at the end,
    /// the one saved first first (a backlog heard in the order it was saved); how many were
    /// not in it before.
    @discardableResult
    public func addUnfinished(tagged tag: String) throws(NarrateError) -> Int {
        let before = Set(try library.upNext.articleIds())
        let tagged = try library.articles.list(tag: tag, progress: .unfinished, shelf: .library).reversed().map(\.id)
        try library.upNext.append(tagged)
        return tagged.filter { !before.contains($0) }.count
    }

    /// Takes article `id` out of the queue; whether it was in it.
    @discardableResult
    public func remove(_ id: Int64) throws(NarrateError) -> Bool {
        try library.upNext.remove(id)
    }

    /// Moves article `id`, which must be in the queue, to `place` (from 1; past the end is the end).
    public func move(_ id: Int64, to place: Int) throws(NarrateError) {
        var ids = try library.upNext.articleIds()
        guard let index = ids.firstIndex(of: id) else {
            throw .invalidOption(name: "id", message: "article \(id) is not in the up-next queue: add it with `narrate queue add \(id)`")
        }
        guard place >= 1 else { throw .invalidOption(name: "to", message: "a place in the queue is from 1: got \(place)") }
        ids.remove(at: index)
        ids.insert(id, at: min(place - 1, ids.count))
        try library.upNext.replace(with: ids)
    }

    /// Makes the queue `ids`, in that order.
    public func replace(with ids: [Int64]) throws(NarrateError) {
        try library.upNext.replace(with: ids)
    }

    /// Empties the queue.
    public func clear() throws(NarrateError) {
        try library.upNext.replace(with: [])
    }

    /// The article to hear after `current`: the next in the queue after it when it is in the
    /// queue, else the queue's first that is not `current`; nil when there is none.
    public func next(after current: Int64?) throws(NarrateError) -> ArticleSummary? {
        let ids = try library.upNext.articleIds()
        let rest = current.flatMap { id in ids.firstIndex(of: id).map { ids[($0 + 1)...] } } ?? ids[...]
        guard let id = rest.first(where: { $0 != current }) else { return nil }
        return try library.articles.summary(id: id)
    }

    /// The article before `current` in the queue; nil when it is first or not in it.
    public func previous(before current: Int64) throws(NarrateError) -> ArticleSummary? {
        let ids = try library.upNext.articleIds()
        guard let index = ids.firstIndex(of: current), index > 0 else { return nil }
        return try library.articles.summary(id: ids[index - 1])
    }

    /// What an article heard to the end gets: nothing, the archive, or a tag.
    public func onFinish() throws(NarrateError) -> FinishAction {
        try library.upNext.onFinish()
    }

    /// Chooses what an article heard to the end gets. An empty tag, or one with a comma or
    /// longer than 100 characters, is `.invalidOption`. The library applies it when a
    /// position that finishes an article is saved (`PositionStore.savePosition`).
    public func setOnFinish(_ action: FinishAction) throws(NarrateError) {
        if case .tag(let tag) = action {
            let tag = tag.trimmingCharacters(in: .whitespacesAndNewlines)
            if tag.isEmpty || tag.contains(",") || tag.count > 100 {
                throw .invalidOption(name: "tag", message: "a tag is 1 to 100 characters without a comma: got '\(tag.prefix(40))'")
            }
        }
        try library.upNext.setOnFinish(action)
    }
}
