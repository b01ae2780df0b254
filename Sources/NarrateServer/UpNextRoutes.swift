import Hummingbird
import NarrateCore
import NarrateLibrary
import NarrateListening

/// The up-next queue in the API: what the web player plays next, the same as `narrate queue`.
/// Every call answers with the queue as it is afterwards.
struct UpNextRoutes: Sendable {
    let work: LibraryWork

    func add(to router: Router<BasicRequestContext>) {
        let api = router.group("api")
        api.get("queue") { _, _ in try await answer { _ in } }
        api.put("queue") { request, context in
            let body = try await RequestReading.body(UpNextOrder.self, of: request, context: context)
            return try await answer { upNext throws(NarrateError) in try upNext.replace(with: body.ids) }
        }
        api.post("queue") { request, context in
            let body = try await RequestReading.body(UpNextAddition.self, of: request, context: context)
            guard (body.ids == nil) != (body.tag == nil) else {
                throw APIError(
                    .badRequest, "give the articles to add (\"ids\") or a tag whose unfinished articles to add (\"tag\"), not both")
            }
            return try await answer { upNext throws(NarrateError) in
                if let tag = body.tag { try upNext.addUnfinished(tagged: tag) } else { try upNext.add(body.ids ?? []) }
            }
        }
        api.get("queue/around/:id") { _, context in
            let id = try RequestReading.id("id", in: context)
            return try LibraryRoutes.json(
                try await work.run { library throws(NarrateError) in
                    let upNext = UpNext(library: library)
                    return UpNextNeighbours(
                        previous: try upNext.previous(before: id).map { ArticleItem(summary: $0) },
                        next: try upNext.next(after: id).map { ArticleItem(summary: $0) })
                })
        }
        api.delete("queue/:id") { _, context in
            let id = try RequestReading.id("id", in: context)
            let removed = try await work.run { library throws(NarrateError) in try UpNext(library: library).remove(id) }
            guard removed else { throw APIError(.notFound, "article \(id) is not in the up-next queue") }
            return try await answer { _ in }
        }
        api.put("queue/finish") { request, context in
            let body = try await RequestReading.body(UpNextFinish.self, of: request, context: context)
            let action = try body.action()
            return try await answer { upNext throws(NarrateError) in try upNext.setOnFinish(action) }
        }
    }

    /// Runs `change` on the queue, then answers with the queue.
    private func answer(_ change: @escaping @Sendable (UpNext) throws(NarrateError) -> Void) async throws -> Response {
        try LibraryRoutes.json(
            try await work.run { library throws(NarrateError) in
                let upNext = UpNext(library: library)
                try change(upNext)
                return UpNextView(articles: try upNext.articles().map { ArticleItem(summary: $0) }, onFinish: try upNext.onFinish())
            })
    }
}

/// The queue as the API gives it.
struct UpNextView: Encodable, Sendable {
    var articles: [ArticleItem]
    /// What an article heard to the end gets: `nothing`, `archive` or `tag`.
    var onFinish: String
    /// The tag it gets when `onFinish` is `tag` (null otherwise).
    @Nullable var finishTag: String? = nil

    init(articles: [ArticleItem], onFinish: FinishAction) {
        self.articles = articles
        switch onFinish {
        case .nothing: self.onFinish = "nothing"
        case .archive: self.onFinish = "archive"
        case .tag(let tag):
            self.onFinish = "tag"
            finishTag = tag
        }
    }
}

/// The articles before and after one in the queue, as a player's previous and next track
/// buttons and its end go (`UpNext.previous(before:)`, `UpNext.next(after:)`).
struct UpNextNeighbours: Encodable, Sendable {
    /// The one before it in the queue; null when it is first or not in the queue.
    @Nullable var previous: ArticleItem?
    /// The one after it; the queue's first when it is not in the queue; null when none.
    @Nullable var next: ArticleItem?
}

/// What `PUT /api/queue` takes: the whole queue in its new order.
struct UpNextOrder: Decodable, Sendable {
    var ids: [Int64]
}

/// What `POST /api/queue` takes: articles to add at the end, or a tag whose unfinished ones to add.
struct UpNextAddition: Decodable, Sendable {
    var ids: [Int64]?
    var tag: String?
}

/// What `PUT /api/queue/finish` takes: `{"onFinish": "archive"}`, `{"onFinish": "tag", "tag":
/// "heard"}` or `{"onFinish": "nothing"}`; without `onFinish`, a tag (or null for nothing).
struct UpNextFinish: Decodable, Sendable {
    var onFinish: String?
    var tag: String?

    /// The action asked for; a 400 for an unknown one or a tag action without a tag.
    func action() throws -> FinishAction {
        switch onFinish {
        case "archive": return .archive
        case "nothing": return .nothing
        case "tag", nil:
            if let tag { return .tag(tag) }
            if onFinish == nil { return .nothing }
            throw APIError(.badRequest, "onFinish \"tag\" needs a tag: send {\"onFinish\": \"tag\", \"tag\": \"heard\"}")
        case let other?:
            throw APIError(.badRequest, "onFinish must be nothing, archive or tag: got '\(other.prefix(40))'")
        }
    }
}
