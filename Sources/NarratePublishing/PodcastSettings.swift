import Foundation
public import NarrateCore
public import NarrateLibrary
import NarrateRendering

/// What a podcast app shows of the library's podcast: its title, description, author,
/// category, whether it is explicit, and its cover. Kept in the library's settings (so the
/// web server and `narrate publish` say the same), set with `narrate podcast`.
public struct PodcastSettings: Sendable, Equatable, Codable {
    /// The podcast's title; a tag or search feed adds its name.
    public var title: String
    /// What it is.
    public var description: String
    /// Who it is by (podcast apps show it under the title).
    public var author: String
    /// Apple Podcasts' category (one of its list: News, Education, Society & Culture, ...).
    public var category: String
    /// Whether episodes contain explicit language.
    public var explicit: Bool
    /// The library's language for the feed, when set; else the episodes' most common one.
    public var language: String?
    /// The cover the user set (a PNG in the library's folder); nil: narrate draws one.
    public var coverPath: String?

    /// The settings of a library nobody has set any for.
    public static let standard = PodcastSettings(
        title: "narrate", description: "Saved articles, read aloud by narrate with eSpeak NG.", author: "narrate",
        category: "News", explicit: false, language: nil, coverPath: nil
    )

    /// Settings.
    public init(
        title: String, description: String, author: String, category: String, explicit: Bool, language: String?, coverPath: String?
    ) {
        self.title = title
        self.description = description
        self.author = author
        self.category = category
        self.explicit = explicit
        self.language = language
        self.coverPath = coverPath
    }

    /// Apple Podcasts' top-level categories (the text of `itunes:category`).
    public static let categories = [
        "Arts", "Business", "Comedy", "Education", "Fiction", "Government", "History", "Health & Fitness", "Kids & Family",
        "Leisure", "Music", "News", "Religion & Spirituality", "Science", "Society & Culture", "Sports", "Technology",
        "True Crime", "TV & Film",
    ]

    static let settingKey = "podcast.settings"

    /// The library's settings (the standard ones for what was never set).
    public static func load(from library: ArticleLibrary) throws(NarrateError) -> PodcastSettings {
        guard let json = try library.settings.value(settingKey),
            let stored = try? JSONDecoder().decode(Stored.self, from: Data(json.utf8))
        else { return .standard }
        let standard = PodcastSettings.standard
        return PodcastSettings(
            title: stored.title ?? standard.title, description: stored.description ?? standard.description,
            author: stored.author ?? standard.author, category: stored.category ?? standard.category,
            explicit: stored.explicit ?? standard.explicit, language: stored.language, coverPath: stored.coverPath
        )
    }

    /// Keeps these settings in `library`, after checking them: a title, description or
    /// author that is empty or over 255 characters (4,000 for the description), a category
    /// Apple does not list, or a language that is no language code is `.invalidOption`.
    public func save(to library: ArticleLibrary) throws(NarrateError) {
        try validate()
        let stored = Stored(
            title: title, description: description, author: author, category: category, explicit: explicit, language: language,
            coverPath: coverPath
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(stored) else {
            throw .invalidOption(name: "podcast", message: "the podcast's settings cannot be stored")
        }
        try library.settings.set(Self.settingKey, to: String(decoding: data, as: UTF8.self))
    }

    /// Makes the image at `path` (PNG or JPEG) the podcast's cover: cropped and scaled as
    /// `PodcastCover.imported(from:)` does, kept beside the library as
    /// `LIBRARY.podcast-cover-HASH.png` (a new image, a new name: the settings, and so the
    /// feeds, change with it). The cover it replaces is removed once these settings are saved.
    public mutating func setCover(from path: String, library: ArticleLibrary) throws(NarrateError) {
        let png = try PodcastCover.imported(from: path)
        let database = (library.location.databasePath as NSString).lastPathComponent
        let destination = library.location.folder + "/\(database).podcast-cover-\(PodcastCover.fingerprint(png)).png"
        try OutputFile.write(png, to: destination)
        coverPath = destination
    }

    /// Removes the cover files of `library`'s that these settings no longer use (after a
    /// new cover was saved, or the drawn one chosen again).
    public func removeUnusedCovers(of library: ArticleLibrary) {
        let database = (library.location.databasePath as NSString).lastPathComponent
        let prefix = "\(database).podcast-cover-"
        let folder = library.location.folder
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(prefix) && name.hasSuffix(".png") && "\(folder)/\(name)" != coverPath {
            try? FileManager.default.removeItem(atPath: "\(folder)/\(name)")
        }
    }

    /// Checks the settings as `save` does.
    public func validate() throws(NarrateError) {
        for (name, value, limit) in [("title", title, 255), ("description", description, 4_000), ("author", author, 255)] {
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw .invalidOption(name: name, message: "\(name) is empty: give the podcast's \(name)") }
            guard trimmed.count <= limit else {
                throw .invalidOption(name: name, message: "\(name) is \(trimmed.count) characters long; podcast apps take at most \(limit)")
            }
        }
        guard Self.categories.contains(category) else {
            throw .invalidOption(
                name: "category",
                message: "category '\(category.prefix(40))' is not one of Apple Podcasts': \(Self.categories.joined(separator: ", "))"
            )
        }
        if let language { try SpeechLanguage.validate(language) }
    }

    /// Every value optional, so settings saved by an earlier narrate still read.
    private struct Stored: Codable {
        var title: String?
        var description: String?
        var author: String?
        var category: String?
        var explicit: Bool?
        var language: String?
        var coverPath: String?
    }
}
