import NarrateLibrary

/// What `POST /api/articles` takes: a URL to fetch, or pasted text.
struct NewArticleBody: Decodable, Sendable {
    var url: String?
    var text: String?
    var title: String?
    var language: String?
    var format: String?
    var tags: [String]?
}

/// What `PUT /api/articles/{id}/tags` takes.
struct TagChangeBody: Decodable, Sendable {
    var add: [String]?
    var remove: [String]?
}

/// What `PUT /api/articles/{id}/shelf` takes: `library` or `archive`.
struct ShelfBody: Decodable, Sendable {
    var shelf: Shelf
}

/// What `PUT /api/articles/{id}/voice` takes: the voice to keep, null for the language's.
struct VoiceChoiceBody: Decodable, Sendable {
    var voice: String?
}

/// What `PUT /api/reading` takes: every part to read (the others are not).
struct ReadingChoiceBody: Decodable, Sendable {
    var read: [String]
}

/// What `PUT /api/offline` takes: how many unfinished articles devices keep downloaded.
struct OfflineBody: Codable, Sendable {
    var keepDownloaded: Int
}

/// What a page reports as its position.
struct PositionBody: Decodable, Sendable {
    var sentence: Int
    var word: Int?
    var finished: Bool?
    var listenedAt: Double
    var device: String?
}
