import ArgumentParser
import Foundation
import NarrateCore
import NarrateLibrary
import NarratePublishing
import NarrateTerminal

/// `narrate podcast`: what podcast apps show of the library's podcast (title, description,
/// author, category, cover), for the feeds `narrate serve` serves and `narrate publish` writes.
struct PodcastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "podcast",
        abstract: "Show or set the podcast's title, description, author, category and cover.",
        discussion: "Without options, prints the settings and the feeds' paths."
    )

    @Option(help: "The podcast's title.")
    var title: String?

    @Option(help: "What the podcast is.")
    var description: String?

    @Option(help: "Who it is by.")
    var author: String?

    @Option(help: "Apple Podcasts' category (News, Education, Society & Culture, Technology, ...).")
    var category: String?

    @Option(help: "Whether episodes contain explicit language: yes or no.")
    var explicit: String?

    @Option(help: "The feeds' language (default: the episodes' most common).")
    var language: String?

    @Option(help: "A PNG or JPEG image for the cover (cropped to a square, scaled to 1400–3000 pixels).")
    var cover: String?

    @Flag(help: "Go back to the cover narrate draws from the title.")
    var drawnCover = false

    @Flag(help: "Print the settings as JSON.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if cover != nil, drawnCover { throw ValidationError("give --cover or --drawn-cover, not both") }
        if let explicit, !["yes", "no", "true", "false"].contains(explicit.lowercased()) {
            throw ValidationError("--explicit must be yes or no: got '\(explicit)'")
        }
    }

    func run() throws {
        let library = try libraryOptions.open()
        var settings = try PodcastSettings.load(from: library)
        let changes =
            title != nil || description != nil || author != nil || category != nil || explicit != nil
            || language != nil || cover != nil || drawnCover
        if let title { settings.title = title.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let description { settings.description = description.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let author { settings.author = author.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let category { settings.category = category }
        if let explicit { settings.explicit = ["yes", "true"].contains(explicit.lowercased()) }
        if let language { settings.language = language.isEmpty ? nil : language.lowercased() }
        if drawnCover { settings.coverPath = nil }
        if changes {
            try settings.validate()
            if let cover { try settings.setCover(from: cover, library: library) }
            try settings.save(to: library)
            settings.removeUnusedCovers(of: library)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(settings)) ?? Data()
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print("title: \(settings.title)")
        print("description: \(settings.description)")
        print("author: \(settings.author)")
        print("category: \(settings.category)")
        print("explicit: \(settings.explicit ? "yes" : "no")")
        print("language: \(settings.language ?? "the episodes' most common")")
        print("cover: \(settings.coverPath ?? "drawn from the title")")
        print("feeds (narrate serve): /feed.xml, /feeds/tag/TAG.xml, /feeds/unfinished.xml, /feeds/search/WORDS.xml")
    }
}
