import ArgumentParser
import Foundation
import NarrateCore
import NarrateImport
import NarrateIngest
import NarrateLibrary
import NarrateTerminal

/// `narrate feeds`: the subscriptions, with when each was checked and how it went.
struct FeedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds", abstract: "List the feeds the library follows: title, address, last check, new items, errors."
    )

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Flag(help: "Print the feeds as OPML, for another feed reader (each feed's tag as its folder).")
    var opml = false

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        let library = try libraryOptions.open()
        if opml {
            print(try FeedRefresh(library: library, detector: nil).opml().xml(), terminator: "")
            return
        }
        let subscriptions = try library.subscriptions.all()
        if json {
            try JSONOutput.print(subscriptions)
            return
        }
        if subscriptions.isEmpty {
            print("no feeds ('narrate subscribe URL' follows one)")
            return
        }
        var rows: [[String]] = []
        for feed in subscriptions {
            let status = feed.lastError.map { "error ×\(feed.errorCount): \($0)" } ?? (feed.lastCheckedAt == nil ? "not checked" : "ok")
            rows.append([
                String(feed.id), feed.title ?? "", feed.url, feed.lastCheckedAt ?? "never", String(feed.newItems), status,
            ])
        }
        print(TextTable(header: ["ID", "TITLE", "URL", "CHECKED", "NEW", "STATUS"], rows: rows, rightAligned: [0, 4]).rendered)
    }
}
