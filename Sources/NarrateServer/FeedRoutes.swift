import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarratePublishing

/// The podcast feeds and their files, for podcast apps: `/feed.xml` (the library),
/// `/feeds/tag/TAG.xml`, `/feeds/unfinished.xml`, `/feeds/search/QUERY.xml` (`?format=opus`
/// or `ogg` instead of MP3, `?limit=N`), each with its cover (`.png` for `.xml`), and each
/// episode's audio, chapters and transcripts under `/episodes/ARTICLE/RENDER…`.
///
/// Podcast apps send no cookies: beyond this machine the same paths are served under
/// `/podcast/SECRET/`, where the secret in the address is the key (a wrong one is 404);
/// without it they need the token as every page does. Feeds answer conditional requests
/// (ETag, Last-Modified → 304) from `FeedCache`; audio answers ranges, HEAD and conditional
/// requests as the player's audio does.
struct FeedRoutes: Sendable {
    let work: LibraryWork
    let settings: ServerSettings
    let audio: AudioRoute
    let cache: FeedCache
    /// Books' chapter files, remembered by render.
    let cutChapters = CutChapterFiles()
    /// Told when a feed is fetched that was not followed before (its episodes are queued).
    let followed: @Sendable () async -> Void

    /// The most episodes a feed holds when asked (`?limit=`).
    static let limitRange = 1...100_000

    func add(to router: Router<BasicRequestContext>) {
        for prefix in ["", "podcast/:secret/"] {
            for method in [HTTPRequest.Method.get, .head] {
                router.on(RouterPath(prefix + "feed.xml"), method: method) { request, context in
                    try await feed(.library, request: request, context: context)
                }
                router.on(RouterPath(prefix + "feeds/unfinished.xml"), method: method) { request, context in
                    try await feed(.unfinished, request: request, context: context)
                }
                router.on(RouterPath(prefix + "episodes/:id/:file"), method: method) { request, context in
                    try await episodeFile(request, context: context)
                }
                // A feed names its cover with a version (covers/VERSION/feed.png): a new cover
                // is a new address, which podcast apps fetch (they keep artwork by address).
                // The cover is also at the feed's own path with .png.
                for covers in ["", "covers/:version/"] {
                    router.on(RouterPath(prefix + covers + "feed.png"), method: method) { request, context in
                        try await cover(.library, request: request, context: context)
                    }
                    router.on(RouterPath(prefix + covers + "feeds/unfinished.png"), method: method) { request, context in
                        try await cover(.unfinished, request: request, context: context)
                    }
                    // A book's feed (ID.xml: its chapters, an episode each) and cover (ID.png).
                    router.on(RouterPath(prefix + covers + "feeds/book/:file"), method: method) { request, context in
                        let (name, fileExtension) = try Self.named(context.parameters.get("file") ?? "")
                        guard let id = Int64(name), id >= 1 else {
                            throw APIError(.badRequest, "a book's feed is ARTICLE.xml, its id: got '\(name.prefix(40))'")
                        }
                        if fileExtension == "png" { return try await cover(.book(id), request: request, context: context) }
                        guard covers.isEmpty else { throw APIError(.notFound, "a cover is ID.png: got '\(name.prefix(40)).xml'") }
                        return try await feed(.book(id), request: request, context: context)
                    }
                    // A tag's or search's feed (NAME.xml) and cover (NAME.png).
                    for kind in ["tag", "search"] {
                        router.on(RouterPath(prefix + covers + "feeds/\(kind)/:file"), method: method) { request, context in
                            let (name, fileExtension) = try Self.named(context.parameters.get("file") ?? "")
                            let articles: FeedSelection.Articles = kind == "tag" ? .tag(name) : .search(name)
                            if fileExtension == "png" { return try await cover(articles, request: request, context: context) }
                            guard covers.isEmpty else { throw APIError(.notFound, "a cover is NAME.png: got '\(name.prefix(40)).xml'") }
                            return try await feed(articles, request: request, context: context)
                        }
                    }
                }
            }
        }
    }

    // MARK: Feeds

    private func feed(_ articles: FeedSelection.Articles, request: Request, context: BasicRequestContext) async throws -> Response {
        let secret = try checkSecret(context)
        var selection = FeedSelection(articles: articles)
        if let name = request.uri.queryParameters.get("format") {
            do { selection.format = try EpisodeFormat(named: name) } catch { throw APIError.from(error) }
        }
        if request.uri.queryParameters.get("limit") != nil {
            selection.limit = try RequestReading.integer("limit", in: request, range: Self.limitRange, fallback: 0)
        }
        // Refused before the fetch is noted: a followed feed has its articles rendered in its format.
        if selection.isBook, selection.format != .mp3 {
            throw APIError(.badRequest, "a book's feed is MP3 (its chapters are cut from its MP3 render): leave out ?format")
        }
        let base = baseURL(of: request, secret: secret)
        let chosen = selection
        let key = FeedCache.Key(selection: chosen, base: base)
        let note = cache.shouldNoteFetch(of: chosen)
        let (stamp, newlyFollowed) = try await work.run { library throws(NarrateError) in
            (try library.changeStamp(), note ? try FeedSubscriptions(library: library).noteFetch(of: chosen) : false)
        }
        if newlyFollowed { await followed() }
        let relevant = selection.relevantStamp(stamp)
        let entry: FeedCache.Entry
        if let cached = cache.feed(key, at: relevant) {
            entry = cached
        } else {
            let site = baseURL(of: request, secret: nil)
            let (xml, etag) = try await work.run { library throws(NarrateError) in
                let settings = try PodcastSettings.load(from: library)
                // The cover's address changes with the cover (apps keep artwork by address).
                let cover = PodcastCover.fingerprint(Array(try Self.coverKey(of: chosen, settings: settings, in: library).utf8))
                let addresses = ServedFeedAddresses(
                    base: base, site: site, feedPath: Self.path(of: chosen, extension: "xml"),
                    coverPath: "/covers/\(cover)" + Self.path(of: chosen, extension: "png", withQuery: false)
                )
                let bytes = try PodcastFeedMaker(library: library)
                    .feed(chosen, addresses: addresses, isPrivate: secret != nil, settings: settings).xmlBytes()
                return (ByteBuffer(bytes: bytes), FeedCache.etag(of: bytes))
            }
            entry = cache.storeFeed(key, at: relevant, body: xml, etag: etag)
        }
        return Self.answer(entry, contentType: PodcastFeed.mimeType, request: request, cacheControl: "no-cache")
    }

    private func cover(_ articles: FeedSelection.Articles, request: Request, context: BasicRequestContext) async throws -> Response {
        _ = try checkSecret(context)
        let selection = FeedSelection(articles: articles)
        let stamp = try await work.run { library throws(NarrateError) in try library.changeStamp() }
        let relevant = LibraryChangeStamp(library: stamp.library, progress: 0)
        let name = selection.isBook ? selection.key : selection.titleSuffix
        let entry: FeedCache.Entry
        if let cached = cache.cover(name, at: relevant) {
            entry = cached
        } else {
            let (image, etag) = try await work.run { library throws(NarrateError) -> (ByteBuffer, String) in
                let settings = try PodcastSettings.load(from: library)
                let bytes =
                    if case .book(let id) = articles {
                        try BookCover.image(ofArticle: id, in: library)
                    } else {
                        try PodcastCover.image(settings: settings, selection: selection, unreadable: .draw)
                    }
                return (ByteBuffer(bytes: bytes), FeedCache.etag(of: bytes))
            }
            entry = cache.storeCover(name, at: relevant, body: image, etag: etag)
        }
        return Self.answer(entry, contentType: PodcastCover.mimeType, request: request, cacheControl: "no-cache")
    }

    /// A made feed or cover as `request` asks: 304 when unchanged, the headers alone for HEAD.
    private static func answer(_ entry: FeedCache.Entry, contentType: String, request: Request, cacheControl: String) -> Response {
        var headers: HTTPFields = [
            .eTag: entry.etag, .lastModified: HTTPDate.string(entry.lastModified), .cacheControl: cacheControl,
            .xContentTypeOptions: "nosniff",
        ]
        if ConditionalGET.isNotModified(request.headers, etag: entry.etag, lastModified: entry.lastModified) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        headers[.contentLength] = String(entry.body.readableBytes)
        if request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: entry.body))
    }

    // MARK: Episodes

    private func episodeFile(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let secret = try checkSecret(context)
        let articleId = try RequestReading.id("id", in: context)
        let file = context.parameters.get("file") ?? ""
        let dot = file.firstIndex(of: ".") ?? file.endIndex
        guard let renderId = Int64(file[..<dot]), renderId >= 1 else {
            throw APIError(
                .badRequest, "an episode's file is RENDER.mp3, .opus, .ogg, .chapters.json, .vtt or .srt: got '\(file.prefix(40))'")
        }
        let suffix = String(file[dot...])
        if suffix.hasPrefix(".chapter-") {
            return try await chapterFile(
                suffix, articleId: articleId, renderId: renderId, isPrivate: secret != nil, request: request, context: context)
        }
        if let kind = EpisodeFile.allCases.first(where: { $0.suffix == suffix }) {
            return try await timelineFile(kind, articleId: articleId, renderId: renderId, isPrivate: secret != nil, request: request)
        }
        guard let format = EpisodeFormat.allCases.first(where: { "." + $0.fileExtension == suffix }) else {
            throw APIError(.notFound, "an episode has no file '\(file.prefix(40))': the feed names its files")
        }
        var response = try await audio.serve(
            renderId: renderId, articleId: articleId, format: format.audioFormat.rawValue, request: request, context: context
        )
        if response.status == .ok || response.status == .partialContent { response.headers[.contentType] = format.mimeType }
        return response
    }

    /// A chapter of a book's feed (`.chapter-N.mp3`), cut from the book's newest MP3 render
    /// when it is first asked for (`BookChapters`); an older render's is 404, as its feed
    /// no longer names it.
    private func chapterFile(
        _ suffix: String, articleId: Int64, renderId: Int64, isPrivate: Bool, request: Request, context: BasicRequestContext
    ) async throws -> Response {
        let name = suffix.dropFirst(".chapter-".count)
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        let rest = String(name.dropFirst(digits.count))
        let kind = EpisodeFile.allCases.first { $0.suffix == rest }
        guard let number = Int(digits), number >= 1, rest == ".mp3" || kind != nil else {
            throw APIError(
                .badRequest, "a book's chapter is RENDER.chapter-N.mp3 (.chapters.json, .vtt, .srt): got '\(suffix.prefix(40))'")
        }
        // A chapter's audio asked for again (a podcast app's ranges): its file as remembered.
        if kind == nil, let file = cutChapters.file(renderId: renderId, articleId: articleId, number: number) {
            return try await audio.serve(
                file: file.path, size: Int(file.bytes), contentType: EpisodeFormat.mp3.mimeType, request: request, context: context,
                gone: "chapter \(number) of article \(articleId) is gone: fetch the book's feed again"
            )
        }
        let cut = cutChapters
        let found = try await work.run { library throws(NarrateError) -> (BookChapters.File, String?, String)? in
            guard let record = try FeedSelection(articles: .book(articleId)).episodes(in: library).first,
                record.render.id == renderId
            else { return nil }
            let files = try BookChapters(record: record, library: library).files
            cut.remember(renderId: renderId, articleId: articleId, files: files)
            guard let file = files.first(where: { $0.number == number }) else { return nil }
            let text = try kind.map { kind throws(NarrateError) in
                try EpisodeTimeline(bookChapter: file, articleId: articleId, renderId: renderId, library: library).file(kind)
            }
            return (file, text, record.render.createdAt)
        }
        guard let (found, text, createdAt) = found else {
            throw APIError(
                .notFound, "article \(articleId) has no chapter \(number) of render \(renderId): the book's feed names its chapters")
        }
        if let kind, let text {
            return Self.timeline(
                text, kind: kind, etag: "\"render-\(renderId)-chapter-\(number)-\(kind.rawValue)\"", createdAt: createdAt,
                isPrivate: isPrivate, request: request)
        }
        return try await audio.serve(
            file: found.path, size: Int(found.bytes), contentType: EpisodeFormat.mp3.mimeType, request: request, context: context,
            gone: "chapter \(number) of article \(articleId) is gone: fetch the book's feed again"
        )
    }

    /// An episode's chapters or transcript: made from the render's timings, which never
    /// change, so its ETag is the render's and the kind's. At a private address, any site may
    /// read it (web podcast players fetch transcripts from their own site: CORS), as the
    /// secret is the key; elsewhere not, or any page a listener opens could read the library
    /// from a server on this machine.
    private func timelineFile(
        _ kind: EpisodeFile, articleId: Int64, renderId: Int64, isPrivate: Bool, request: Request
    ) async throws -> Response {
        let found = try await work.run { library throws(NarrateError) -> (String, String)? in
            guard let render = try library.renders.renders(ofArticle: articleId).first(where: { $0.id == renderId }) else { return nil }
            let timeline = try EpisodeTimeline(articleId: articleId, renderId: renderId, library: library)
            return (timeline.file(kind), render.createdAt)
        }
        guard let (text, createdAt) = found else {
            throw APIError(.notFound, "article \(articleId) has no render \(renderId): the feed names its episodes' files")
        }
        return Self.timeline(
            text, kind: kind, etag: "\"render-\(renderId)-\(kind.rawValue)\"", createdAt: createdAt, isPrivate: isPrivate, request: request)
    }

    /// A timeline file's answer: `text` as `kind`, or 304, or its headers for HEAD; readable
    /// by any site at a private address (see `timelineFile`).
    private static func timeline(
        _ text: String, kind: EpisodeFile, etag: String, createdAt: String, isPrivate: Bool, request: Request
    ) -> Response {
        let lastModified = ISO8601DateFormatter().date(from: createdAt) ?? Date(timeIntervalSince1970: 0)
        var headers: HTTPFields = [.eTag: etag, .lastModified: HTTPDate.string(lastModified), .cacheControl: "no-cache"]
        if isPrivate { headers[.accessControlAllowOrigin] = "*" }
        if ConditionalGET.isNotModified(request.headers, etag: etag, lastModified: lastModified) {
            return Response(status: .notModified, headers: headers)
        }
        let body = Array(text.utf8)
        headers[.contentType] = kind.contentType
        headers[.contentLength] = String(body.count)
        if request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    // MARK: Addresses

    /// The secret of a `/podcast/SECRET/` path, checked (a wrong one is 404, as if there were
    /// no such feed); nil for a path without one.
    private func checkSecret(_ context: BasicRequestContext) throws -> String? {
        guard let given = context.parameters.get("secret") else { return nil }
        guard let secret = settings.feedSecret, ServerToken.matches(Substring(given), secret) else {
            throw APIError(.notFound, "no such feed: the address has a wrong or replaced secret; copy the feed's address again")
        }
        return secret
    }

    /// The address the client reached (see the static `baseURL`), then `/podcast/SECRET` for
    /// a private feed.
    private func baseURL(of request: Request, secret: String?) -> String {
        Self.baseURL(of: request, settings: settings, secret: secret)
    }

    /// The public address behind a proxy, else `http://HOST:PORT` (`https` when the server
    /// speaks it) as the client asked; then
    /// `/podcast/SECRET` when `secret` is given. A proxy's headers (`X-Forwarded-Proto`) are
    /// never taken: anyone can send them.
    static func baseURL(of request: Request, settings: ServerSettings, secret: String?) -> String {
        let path = secret.map { "/podcast/\($0)" } ?? ""
        if let publicAddress = settings.publicAddress { return publicAddress.base + path }
        let asked = request.head.authority ?? ""
        let allowed =
            !asked.isEmpty && asked.count <= 255
            && asked.unicodeScalars.allSatisfy {
                $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ".-:[]".unicodeScalars.contains($0)
            }
        let host = allowed ? asked : "\(settings.host.contains(":") ? "[\(settings.host)]" : settings.host):\(settings.port)"
        return "\(settings.scheme)://\(host)" + path
    }

    /// The feeds a page offers a listener: the library's, the unfinished articles', and one a
    /// tag; at their private addresses when the server asks for a token.
    static func offered(tags: [String], request: Request, settings: ServerSettings) -> [(title: String, url: String)] {
        let secret = settings.token == nil ? nil : settings.feedSecret
        let base = baseURL(of: request, settings: settings, secret: secret)
        return FeedSelection.offered(tags: tags).map { ($0.shownTitle, base + path(of: $0, extension: "xml")) }
    }

    /// The address of book `id`'s own feed, at its private address when the server asks for
    /// a token.
    static func bookFeed(id: Int64, request: Request, settings: ServerSettings) -> String {
        let secret = settings.token == nil ? nil : settings.feedSecret
        return baseURL(of: request, settings: settings, secret: secret) + path(of: FeedSelection(articles: .book(id)), extension: "xml")
    }

    /// The path of `selection`'s feed (`xml`) or cover (`png`), with its query.
    static func path(of selection: FeedSelection, extension fileExtension: String, withQuery: Bool = true) -> String {
        let path =
            switch selection.articles {
            case .library: "/feed.\(fileExtension)"
            case .unfinished: "/feeds/unfinished.\(fileExtension)"
            case .tag(let tag): "/feeds/tag/\(Self.pathComponent(tag)).\(fileExtension)"
            case .search(let query): "/feeds/search/\(Self.pathComponent(query)).\(fileExtension)"
            case .book(let id): "/feeds/book/\(id).\(fileExtension)"
            }
        guard withQuery else { return path }
        var query: [String] = []
        if selection.format != .mp3 { query.append("format=\(selection.format.rawValue)") }
        if let limit = selection.limit { query.append("limit=\(limit)") }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }

    /// What the feed's cover is made of, so its address changes when the cover does: the
    /// podcast's cover or title; a book's own title.
    static func coverKey(of selection: FeedSelection, settings: PodcastSettings, in library: ArticleLibrary) throws(NarrateError) -> String
    {
        if case .book(let id) = selection.articles { return "book \(id) " + (try library.articles.summary(id: id).title) }
        return settings.coverPath ?? settings.title + selection.titleSuffix
    }

    /// `text` percent-encoded for one path component.
    static func pathComponent(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// A tag's or search's file name read: its decoded name and extension (xml or png).
    static func named(_ file: String) throws -> (String, String) {
        for fileExtension in ["xml", "png"] where file.hasSuffix("." + fileExtension) {
            let raw = String(file.dropLast(fileExtension.count + 1))
            guard let name = raw.removingPercentEncoding, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw APIError(.badRequest, "the feed's name '\(raw.prefix(40))' does not read: give a tag or search, percent-encoded")
            }
            return (name, fileExtension)
        }
        throw APIError(.notFound, "a feed is NAME.xml and its cover NAME.png: got '\(file.prefix(40))'")
    }
}
