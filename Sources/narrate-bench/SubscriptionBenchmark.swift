import Foundation
import NarrateLibrary

/// Measures `narrate refresh`: 100 feeds served by nginx on 127.0.0.1 (each with three
/// articles carried whole), subscribed from an OPML list (which reads them all once), then
/// refreshed while every one answers 304 Not Modified (the goal: at most 1 s); and
/// `narrate import` of a 1,000-link Pocket export whose pages nginx serves, at `--jobs 8`,
/// then the same export again, every link skipped (the goal: at most 2 s).
struct SubscriptionBenchmark {
    /// The narrate executable.
    var narrate: String
    var feeds = 100
    var runs = 5

    func run() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        print("")
        print("subscriptions: \(feeds) feeds of 3 articles each, served by nginx on 127.0.0.1")
        var files: [String: String] = [:]
        for number in 1...feeds {
            let items = (1...3).map { item in
                let body = String(
                    repeating: "Feed \(number) wrote article \(item) about the harbour, the boats and the weather that week. ", count: 20)
                return "<item><title>Feed \(number), article \(item)</title><guid>f\(number)-\(item)</guid>"
                    + "<content:encoded><![CDATA[<p>\(body)</p>]]></content:encoded></item>"
            }.joined()
            let feed =
                "<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel><title>Feed \(number)</title>\(items)</channel></rss>"
            files["feed-\(number).xml"] = try work.createFile("feed-\(number).xml", containing: Array(feed.utf8))
        }
        let nginx = try NginxProcess(files: files, folder: work.path)
        defer { nginx.stop() }
        let outlines = (1...feeds).map {
            "<outline text=\"Feed \($0)\" type=\"rss\" xmlUrl=\"http://127.0.0.1:\(nginx.port)/feed-\($0).xml\"/>"
        }
        let opml = try work.createFile(
            "feeds.opml", containing: Array("<opml version=\"2.0\"><body>\(outlines.joined())</body></opml>".utf8))
        let library = "\(work.path)/library.sqlite"
        let first = try ChildProcess.runChecked([narrate, "subscribe", "--opml", opml, "--library", library])
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(try ChildProcess.runChecked([narrate, "refresh", "--quiet", "--library", library]).wallSeconds)
        }
        // Every feed read, every article added, and the refreshes all answered 304.
        let opened = try ArticleLibrary(location: LibraryLocation(databasePath: library))
        let subscriptions = try opened.subscriptions.all()
        guard try opened.articles.count() == feeds * 3, subscriptions.count == feeds,
            subscriptions.allSatisfy({ $0.lastError == nil && $0.etag != nil && $0.newItems == 0 })
        else {
            throw BenchmarkError(
                "the refreshes did not all answer 304: \(try opened.articles.count()) articles, \(subscriptions.filter { $0.lastError != nil }.count) feeds failing"
            )
        }
        times.sort()
        let median = times[times.count / 2]
        print("subscribe --opml (\(feeds) feeds read, \(feeds * 3) articles added)   \(first.wallSeconds.fixed(2)) s")
        print(
            "refresh, every feed 304 (median of \(runs))          \(median.fixed(3)) s   (goal: at most 1 s)   runs \(times.map { $0.fixed(3) }.joined(separator: ", "))"
        )
        try measureImport(work: work)
    }

    /// A Pocket export of `links` pages served by nginx, imported and imported again.
    private func measureImport(work: TemporaryDirectory, links: Int = 1_000) throws {
        let folder = "\(work.path)/pages"
        mkdir(folder, 0o755)
        var files: [String: String] = [:]
        var rows = ["title,url,time_added,tags,status"]
        let words = ["harbour", "keeper", "storm", "tide", "boats", "lantern", "gulls", "fog", "pier", "nets"]
        for number in 1...links {
            var paragraphs: [String] = []
            for paragraph in 0..<6 {
                let sentence = (0..<18).map { words[($0 * 7 + number * 3 + paragraph) % words.count] }.joined(separator: " ")
                paragraphs.append("<p>Page \(number), paragraph \(paragraph): the \(sentence), as the log of day \(number) says.</p>")
            }
            let page =
                "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Page \(number)</title></head><body><article><h1>Page \(number)</h1>\(paragraphs.joined())</article></body></html>"
            files["page-\(number).html"] = try work.createFile("pages/page-\(number).html", containing: Array(page.utf8))
        }
        mkdir("\(work.path)/import-server", 0o755)
        let nginx = try NginxProcess(files: files, folder: "\(work.path)/import-server")
        defer { nginx.stop() }
        for number in 1...links {
            rows.append("Page \(number),http://127.0.0.1:\(nginx.port)/page-\(number).html,\(1_700_000_000 + number),bench,unread")
        }
        let export = try work.createFile("pocket.csv", containing: Array((rows.joined(separator: "\n") + "\n").utf8))
        let library = "\(work.path)/import.sqlite"
        let first = try ChildProcess.runChecked([narrate, "import", export, "--jobs", "8", "--quiet", "--library", library])
        let opened = try ArticleLibrary(location: LibraryLocation(databasePath: library))
        guard try opened.articles.count() == links else {
            throw BenchmarkError("the import added \(try opened.articles.count()) of \(links) articles")
        }
        var again: [Double] = []
        for _ in 0..<3 {
            again.append(try ChildProcess.runChecked([narrate, "import", export, "--quiet", "--library", library]).wallSeconds)
        }
        again.sort()
        print(
            "import of a \(links)-link Pocket export, --jobs 8      \(first.wallSeconds.fixed(2)) s, \((Double(links) / first.wallSeconds).fixed(0)) links per second"
        )
        print("the same export again, every link skipped (median of 3)   \(again[1].fixed(3)) s   (goal: at most 2 s)")
    }
}
