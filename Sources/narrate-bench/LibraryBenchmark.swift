import Foundation
import NarrateCore
import NarrateImport
import NarrateIngest
import NarrateLibrary
import NarrateText

/// Measures the library: adding generated articles (read, segmented, language detected and
/// stored, one transaction each, as `narrate add` does), then `list` and `search` latency at
/// 10,000 and 100,000 articles (median of 9 runs); at 100,000 also a page of the library and a
/// search over HTTP (`narrate serve`), beside an older `narrate` when one is given.
///
/// Articles are built deterministically from the samples' sentences (about 300 words each,
/// a number in the title so none is a duplicate), a third each English, Ukrainian, German.
struct LibraryBenchmark {
    /// The directory with the samples.
    var samplesDirectory: String
    /// Articles added and timed.
    var timedArticles = 10_000
    /// Articles in the library for the second latency measurement.
    var largeLibrary = 100_000
    /// The narrate executable whose server answers the HTTP requests, when they are measured.
    var narrate: String?
    /// An older narrate executable to serve the same library beside it, for a ratio.
    var baseline: String?
    /// Where the large library is kept, to be measured again without filling it again (nil:
    /// a temporary folder, removed at the end).
    var keptLibrary: String?

    func run() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let path = keptLibrary ?? "\(work.path)/library.sqlite"
        let library = try ArticleLibrary(location: LibraryLocation(databasePath: path))
        print("")
        if keptLibrary != nil, try library.articles.count() >= largeLibrary {
            print("library: \(path) kept from an earlier run, \(try library.articles.count()) articles")
            try measureQueries(library, label: "\(largeLibrary / 1000)k")
            if let narrate { try measureRequests(narrate: narrate, library: path, folder: work.path) }
            return
        }
        guard try library.articles.count() == 0 else {
            throw BenchmarkError("\(path): a library kept from an earlier run must be empty or full")
        }
        let generator = try ArticleGenerator(samplesDirectory: samplesDirectory)
        let detector = LanguageDetector()
        print("library: articles of ~300 words built from the samples (en, uk, de); add = read + segment + detect + store")

        let start = ContinuousClock.now
        for index in 0..<timedArticles {
            _ = try library.articles.add(generator.article(index, detector: detector))
        }
        let seconds = (ContinuousClock.now - start).seconds
        print("add \(timedArticles) articles            \((Double(timedArticles) / seconds).fixed(0)) articles/s (\(seconds.fixed(1)) s)")
        try measureQueries(library, label: "\(timedArticles / 1000)k")

        // Fill up to the large size, untimed, then measure again.
        for index in timedArticles..<largeLibrary {
            _ = try library.articles.add(generator.article(index, detector: nil))
        }
        try measureQueries(library, label: "\(largeLibrary / 1000)k")
        if let narrate {
            try measureRequests(narrate: narrate, library: path, folder: work.path)
        }
    }

    /// A page of the library (the newest 50, with the total) and a search (its first page of
    /// ranked hits with snippets) over HTTP, as the web player asks for them; requests to the
    /// baseline's server alternate with these, so both see the same machine.
    private func measureRequests(narrate: String, library: String, folder: String) throws {
        let requests = [
            ("library page", "/api/articles"),
            ("library page, uk by title", "/api/articles?tag=uk&sort=title"),
            ("search", "/api/articles?q=lighthouse%20keeper"),
            ("search (Cyrillic)", "/api/articles?q=%D1%81%D0%B0%D0%B4%20%D1%80%D0%BE%D1%81%D0%BB%D0%B8%D0%BD"),
        ]
        let server = try ServerProcess(narrate: narrate, library: library, folder: folder)
        defer { server.stop() }
        let older = try baseline.map { path throws(BenchmarkError) in try ServerProcess(narrate: path, library: library, folder: folder) }
        defer { older?.stop() }
        print("over HTTP at \(largeLibrary / 1000)k (narrate serve; median of 9)" + (baseline.map { ", beside \($0)" } ?? ""))
        for (label, path) in requests {
            var times: [Double] = []
            var olderTimes: [Double] = []
            for _ in 0..<9 {
                times.append(try timedRequest(port: server.port, path: path))
                if let older { olderTimes.append(try timedRequest(port: older.port, path: path)) }
            }
            let now = times.sorted()[4]
            var line = "  \(label.padding(toLength: 26, withPad: " ", startingAt: 0)) \(milliseconds(now))"
            if !olderTimes.isEmpty {
                let before = olderTimes.sorted()[4]
                line += "   baseline \(milliseconds(before))   ratio \((now / before).fixed(2))x"
            }
            print(line)
        }
    }

    private func timedRequest(port: Int, path: String) throws(BenchmarkError) -> Double {
        let start = ContinuousClock.now
        let (status, _) = try HTTPProbe.exchange(port: port, path: path)
        guard status == 200 else { throw BenchmarkError("GET \(path) answered \(status)") }
        return (ContinuousClock.now - start).seconds
    }

    private func measureQueries(_ library: ArticleLibrary, label: String) throws {
        // What `narrate list` does by default: the newest 100 and the count.
        let list = try median {
            _ = try library.articles.list(limit: 100)
            _ = try library.articles.count()
        }
        let listTagged = try median {
            _ = try library.articles.list(tag: "uk", order: .title, limit: 100)
            _ = try library.articles.count(tag: "uk")
        }
        let listAll = try median { _ = try library.articles.list() }
        // As `narrate search` reads a query: by the dictionaries of the languages it could be in.
        let search = try median { _ = try library.articles.search("lighthouse keeper", guess: QueryLanguages.guess) }
        let searchCyrillic = try median { _ = try library.articles.search("сад рослин", guess: QueryLanguages.guess) }
        print(
            "at \(label): list \(milliseconds(list))   list --tag uk --sort title \(milliseconds(listTagged))"
                + "   list --all \(milliseconds(listAll))   search \(milliseconds(search))"
                + "   search (Cyrillic) \(milliseconds(searchCyrillic))")
    }

    private func median(_ body: () throws -> Void) throws -> Double {
        var times: [Double] = []
        for _ in 0..<9 {
            let start = ContinuousClock.now
            try body()
            times.append((ContinuousClock.now - start).seconds)
        }
        return times.sorted()[times.count / 2]
    }

    private func milliseconds(_ seconds: Double) -> String {
        "\((seconds * 1000).fixed(1)) ms"
    }
}

/// Deterministic articles for the library benchmark.
struct ArticleGenerator {
    private let sentences: [(language: String, sentences: [String])]

    init(samplesDirectory: String) throws {
        var sentences: [(String, [String])] = []
        for (language, file) in [("en", "en-long.txt"), ("uk", "uk-news.txt"), ("de", "de-article.txt")] {
            let bytes = try FileContents.read("\(samplesDirectory)/\(file)")
            let text = String(decoding: bytes, as: UTF8.self)
            let scalars = Array(text.unicodeScalars)
            let pieces = SentenceSegmenter(language: language).sentenceRanges(in: text).map {
                String(String.UnicodeScalarView(scalars[$0])).split(whereSeparator: \.isNewline).joined(separator: " ")
            }.filter { $0.count > 40 }
            sentences.append((language, pieces))
        }
        self.sentences = sentences
    }

    /// Article `index`: a title with its number and 12 sentences chosen by a simple LCG.
    func article(_ index: Int, detector: LanguageDetector?) throws -> NewArticle {
        let (language, pool) = sentences[index % sentences.count]
        var state = UInt64(index) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var body: [String] = []
        for _ in 0..<12 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            body.append(pool[Int(state >> 33) % pool.count])
        }
        let text = "Article \(index)\n\n" + body.joined(separator: " ") + "\n"
        let document = try TextReader().read(text, path: "article-\(index).txt")
        let detected = detector?.language(of: body.joined(separator: " ")) ?? language
        return NewArticle(
            title: "Article \(index)", language: detected, original: Array(text.utf8), document: document,
            sentences: SentenceSegmenter(language: detected).sentences(of: document), tags: [language]
        )
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
