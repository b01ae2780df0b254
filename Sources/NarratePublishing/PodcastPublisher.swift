import Foundation
public import NarrateCore
public import NarrateLibrary
import NarrateRendering
import NarrateSystem

/// `narrate publish`: the library's podcast as a static site in a folder any web server,
/// object store or static host serves: `feed.xml`, `cover.png`, an `index.html` with a
/// player for each episode, and each episode's audio, chapters and transcripts in
/// `episodes/`.
///
/// Incremental: a file already published with the same content is not written again (a
/// second run with nothing changed writes nothing), and the files of episodes that left the
/// selection are removed. Atomic for listeners: every file goes through a temporary file and
/// a rename, the episodes' files first, the feed last, and files are removed only after the
/// feed that no longer names them is in place, so a podcast app never reads a feed that
/// points at a missing file, whenever the run is stopped (even by `kill -9`). The folder's
/// `.narrate-publish.json` lists every file narrate may have written there (before it writes
/// them), so it never touches a file of anyone else's and finds what a stopped run left.
public struct PodcastPublisher {
    /// The library.
    public let library: ArticleLibrary

    /// The feed's file name.
    public static let feedName = "feed.xml"
    /// The cover's file name: `cover-HASH.png`, a new name for a new image (podcast apps
    /// keep artwork by its address).
    public static func coverName(of cover: [UInt8]) -> String {
        "cover-\(PodcastCover.fingerprint(cover)).png"
    }
    /// The page's file name.
    public static let indexName = "index.html"
    /// The list of what narrate published in the folder.
    public static let manifestName = ".narrate-publish.json"
    /// The folder of the episodes' files.
    public static let episodesFolder = "episodes"

    /// A publisher over `library`.
    public init(library: ArticleLibrary) {
        self.library = library
    }

    /// What a run did.
    public struct Report: Sendable, Equatable {
        /// Episodes in the feed.
        public var episodes: Int = 0
        /// Files written (new or changed), relative to the folder.
        public var written: [String] = []
        /// Files already as they should be.
        public var unchanged: Int = 0
        /// Files removed (their episodes left the selection), relative to the folder.
        public var removed: [String] = []
        /// Articles of the selection left out because they have no audio in the format.
        public var withoutAudio: [Int64] = []

        /// A report of nothing.
        public init() {}
    }

    /// Publishes `selection` into `directory`, its files linked under `baseURL` (http or
    /// https). The folder is made when it does not exist; a folder that holds files but no
    /// list of narrate's is refused (`.cannotCreateOutput`), so nothing of anyone else's is
    /// replaced. `isCancelled` is asked between files (`.interrupted`).
    public func publish(
        _ selection: FeedSelection, into directory: String, baseURL: String, isCancelled: () -> Bool = { false }
    ) throws(NarrateError) -> Report {
        try Self.validate(baseURL: baseURL)
        let folder = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        _ = try Self.readManifest(in: folder)
        // One run at a time in a folder: a second waits for nothing, it is refused.
        let lock = try FolderLock(folder)
        defer { lock.release() }
        let previous = try Self.readManifest(in: folder)
        let settings = try PodcastSettings.load(from: library)
        let cover =
            if case .book(let id) = selection.articles {
                try BookCover.image(ofArticle: id, in: library)
            } else {
                try PodcastCover.image(settings: settings, selection: selection, unreadable: .fail)
            }
        let addresses = PublishedFeedAddresses(base: baseURL, coverName: Self.coverName(of: cover))
        // The podcast's guid is made from its first address and kept (the manifest holds it).
        let podcastGuid = previous?.podcastGuid ?? PodcastFeedMaker.podcastGuid(feedURL: addresses.feedURL)
        // One read of the library: the files written are exactly the ones the feed names.
        let (feed, records) = try PodcastFeedMaker(library: library).feedWithRecords(
            selection, addresses: addresses, isPrivate: false, podcastGuid: podcastGuid, settings: settings
        )
        var report = Report()
        report.withoutAudio = try selection.articlesWithoutAudio(in: library)
        report.episodes = feed.episodes.count

        // What the folder should hold: path → where its bytes come from.
        var files: [(path: String, content: Content)] = []
        if case .book = selection.articles, let record = records.first {
            // A book's feed: its chapters' files, cut from its render.
            for file in try BookChapters(record: record, library: library).files {
                let path = Self.chapterPath(of: record, chapter: file.number)
                files.append((path, .copy(file.path)))
                let timeline = try EpisodeTimeline(
                    bookChapter: file, articleId: record.articleId, renderId: record.render.id, library: library)
                for kind in EpisodeFile.allCases {
                    files.append((String(path.dropLast(".mp3".count)) + kind.suffix, .text(timeline.file(kind))))
                }
            }
        }
        for record in records where !selection.isBook {
            let name = Self.episodePath(of: record)
            files.append((name + "." + selection.format.fileExtension, .copy(record.render.path)))
            let timeline = try EpisodeTimeline(articleId: record.articleId, renderId: record.render.id, library: library)
            for kind in EpisodeFile.allCases { files.append((name + kind.suffix, .text(timeline.file(kind)))) }
        }
        files.append((addresses.coverName, .bytes(cover)))
        files.append((Self.indexName, .text(PublishedIndex(feed: feed, addresses: addresses).html())))
        let feedBytes = feed.xmlBytes()

        // Listed before anything is written, so a stopped run's files are known as narrate's.
        let wanted = Set(files.map(\.path) + [Self.feedName])
        let listed = Manifest(files: (previous?.files ?? []).union(wanted), podcastGuid: podcastGuid)
        try Self.writeManifest(listed, in: folder, previous: previous)
        try Self.makeFolder("\(folder)/\(Self.episodesFolder)")
        for (path, content) in files {
            if isCancelled() { throw .interrupted }
            if try Self.put(content, at: "\(folder)/\(path)") { report.written.append(path) } else { report.unchanged += 1 }
        }
        if isCancelled() { throw .interrupted }
        // The feed last: every file it names is in place.
        if try Self.put(.bytes(feedBytes), at: "\(folder)/\(Self.feedName)") {
            report.written.append(Self.feedName)
        } else {
            report.unchanged += 1
        }
        // Then what no feed names any more, and what a stopped run left of narrate's files.
        for path in (previous?.files ?? []).subtracting(wanted).sorted() {
            if unlink("\(folder)/\(path)") == 0 { report.removed.append(path) }
        }
        // The folder is this run's alone (its lock is held): any temporary file of narrate's
        // files here, the list's own among them, is a stopped run's.
        for leftover in Self.temporaryLeftovers(of: listed.files.union([Self.manifestName]), in: folder) { unlink(leftover) }
        try Self.writeManifest(Manifest(files: wanted, podcastGuid: podcastGuid), in: folder, previous: listed)
        return report
    }

    /// Checks that `directory` can be published into (a new folder, an empty one, or one
    /// narrate published into before) without touching it; the errors `publish` gives.
    public static func checkFolder(_ directory: String) throws(NarrateError) {
        _ = try readManifest(in: directory, create: false)
    }

    /// The path of an episode's files without their extension, in `episodes/`: its article
    /// id, its title in ASCII (for a reader of the folder) and its render (a new render is
    /// a new address, so no podcast app keeps an old download under it).
    public static func episodePath(of record: EpisodeRecord) -> String {
        let latin = record.title.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? record.title
        var slug = OutputNamer.slug(latin).filter { $0.isASCII }
        if slug.count > 40 { slug = String(slug.prefix(40)) }
        while slug.hasSuffix("-") { slug.removeLast() }
        return "\(episodesFolder)/\(record.articleId)-\(slug.isEmpty ? "article" : slug)-r\(record.render.id)"
    }

    /// The path of chapter `chapter` (from 1) of book `record`'s feed, in `episodes/`.
    public static func chapterPath(of record: EpisodeRecord, chapter: Int) -> String {
        episodePath(of: record) + "-chapter-\(String(format: "%03d", chapter)).mp3"
    }

    // MARK: Files

    private enum Content {
        case copy(String)
        case text(String)
        case bytes([UInt8])
    }

    /// Writes `content` at `path` unless the file there already holds it; true when written.
    /// A symbolic link there is refused: narrate writes files of its own in the folder, never
    /// through a link to someone else's.
    private static func put(_ content: Content, at path: String) throws(NarrateError) -> Bool {
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
            throw .cannotCreateOutput(path: path, reason: "it is a symbolic link, not a file narrate published; remove it")
        }
        switch content {
        case .copy(let source):
            if let existing = FileContents.size(of: path), existing == FileContents.size(of: source) { return false }
            try OutputFile.copy(file: source, to: path, overwrite: true)
        case .text(let text):
            let bytes = Array(text.utf8)
            if Self.holds(bytes, at: path) { return false }
            try OutputFile.write(bytes, to: path)
        case .bytes(let bytes):
            if Self.holds(bytes, at: path) { return false }
            try OutputFile.write(bytes, to: path)
        }
        return true
    }

    private static func holds(_ bytes: [UInt8], at path: String) -> Bool {
        guard FileContents.size(of: path) == Int64(bytes.count) else { return false }
        return (try? FileContents.read(path)) == bytes
    }

    private static func makeFolder(_ path: String) throws(NarrateError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(path: path, reason: "cannot create the folder")
        }
    }

    /// The temporary files (`.NAME.XXXXXX.tmp`, as `OutputFile` makes them) of the files in
    /// `files` that a stopped run left in `folder`; nobody else's.
    private static func temporaryLeftovers(of files: Set<String>, in folder: String) -> [String] {
        var found: [String] = []
        let byFolder = Dictionary(grouping: files) { ($0 as NSString).deletingLastPathComponent }
        for (subfolder, paths) in byFolder {
            let directory = subfolder.isEmpty ? folder : "\(folder)/\(subfolder)"
            let names = Set(paths.map { ($0 as NSString).lastPathComponent })
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                // "." + name + "." + six characters + ".tmp"
                guard entry.hasPrefix("."), entry.hasSuffix(".tmp"), entry.count > 12 else { continue }
                let name = String(entry.dropFirst().dropLast(11))
                if names.contains(name), entry.dropLast(4).suffix(7).first == "." { found.append("\(directory)/\(entry)") }
            }
        }
        return found
    }

    // MARK: The list of narrate's files

    private struct Manifest: Codable, Equatable {
        var version = 1
        var files: Set<String>
        /// The podcast's Podcasting 2.0 guid, made at the first publish and kept.
        var podcastGuid: String?

        init(files: Set<String>, podcastGuid: String?) {
            self.files = files
            self.podcastGuid = podcastGuid
        }

        enum CodingKeys: String, CodingKey { case version, files, podcastGuid }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decode(Int.self, forKey: .version)
            files = Set(try container.decode([String].self, forKey: .files))
            podcastGuid = try container.decodeIfPresent(String.self, forKey: .podcastGuid)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(files.sorted(), forKey: .files)
            try container.encodeIfPresent(podcastGuid, forKey: .podcastGuid)
        }
    }

    /// The folder's list of narrate's files; nil for a new or empty folder. A folder with
    /// other files and no list is refused; so is a list that does not read.
    private static func readManifest(in folder: String, create: Bool = true) throws(NarrateError) -> Manifest? {
        var status = stat()
        if stat(folder, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw .cannotCreateOutput(path: folder, reason: "it is a file, not a folder; give a folder to publish into")
            }
        } else {
            if create { try makeFolder(folder) }
            return nil
        }
        let path = "\(folder)/\(manifestName)"
        guard let bytes = try? FileContents.read(path) else {
            let others = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != ".DS_Store" }
            guard others.isEmpty else {
                throw .cannotCreateOutput(
                    path: folder,
                    reason:
                        "it holds files narrate did not publish (\(others.sorted().prefix(3).joined(separator: ", "))); give an empty or new folder"
                )
            }
            return nil
        }
        guard let manifest = try? JSONDecoder().decode(Manifest.self, from: Data(bytes)), manifest.version == 1,
            manifest.files.allSatisfy({ !$0.hasPrefix("/") && !$0.split(separator: "/").contains("..") })
        else {
            throw .malformedInput(path: path, message: "narrate's list of the files it published does not read; publish into a new folder")
        }
        return manifest
    }

    private static func writeManifest(_ manifest: Manifest, in folder: String, previous: Manifest?) throws(NarrateError) {
        guard manifest != previous else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(manifest) else { return }
        try OutputFile.write(Array(data) + [0x0A], to: "\(folder)/\(manifestName)")
    }

    /// An http or https address with a host; else `.invalidOption` named "base-url".
    public static func validate(baseURL: String) throws(NarrateError) {
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else {
            throw .invalidOption(
                name: "base-url",
                message:
                    "base-url '\(baseURL.prefix(80))' is not an http or https address of a folder, such as https://example.org/podcast/"
            )
        }
    }
}
