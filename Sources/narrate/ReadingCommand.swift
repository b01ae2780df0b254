import ArgumentParser
import Foundation
import NarrateCore
import NarrateRendering
import NarrateTerminal

/// `narrate reading [--read PARTS] [--skip PARTS] [--reset]`: which parts of an article this
/// library reads aloud besides its text; without options, says which.
struct ReadingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reading",
        abstract: "Show or change which parts of articles this library reads aloud (references, footnotes, images, tables, code, urls).",
        discussion: """
            By default an article is read with its image descriptions, tables, links (as "link to" their \
            site) and code notices, without its references and footnotes. Edit links, footnote markers, \
            "jump to" links, navigation and image credits are never read. The choices apply to 'render', \
            'play', 'batch', the web player and the feeds; a preset's "read" and "skip" and a command's \
            --read and --skip change them for one render.
            """
    )

    @OptionGroup var readingParts: ReadingPartOptions

    @Flag(help: "Go back to narrate's defaults.")
    var reset = false

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        let library = try libraryOptions.open()
        var choices = reset ? .standard : try ReadingChoices.load(from: library)
        if reset || readingParts.isGiven {
            let parts = try readingParts.parts()
            choices = choices.changed(read: parts.read, skip: parts.skip)
            try choices.save(to: library)
        }
        for part in ReadingPart.choosable {
            print(
                "\(choices.reads(part) ? "read" : "skip")  \(part.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))  \(part.label)"
            )
        }
    }
}
