import Foundation
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarratePublishing

/// Measures the podcast feeds: making the feed of a library of 10,000 articles (each with an
/// MP3 episode) warm, in process and over HTTP; 304 answers a second to a podcast app's
/// conditional GET, beside nginx answering the same for a static copy of the feed; and
/// `narrate publish` of 100 articles whose audio exists (rendering excluded), first run and
/// a second with nothing changed.
struct FeedBenchmark {
    /// The narrate executable.
    var narrate: String
    /// Where the library benchmark's articles come from.
    var samplesDirectory: String
    /// Articles in the large library.
    var articles = 10_000
    /// Articles published.
    var published = 100

    func run() throws {
        guard access("/usr/bin/wrk", X_OK) == 0 else { throw BenchmarkError("wrk not found: run scripts/install-dependencies --tests") }
        let work = try TemporaryDirectory()
        defer { work.remove() }
        print("")
        print("feeds: a library of \(articles) articles of ~300 words, each with an MP3 episode (a 10 s file)")
        let libraryPath = "\(work.path)/library.sqlite"
        let library = try ArticleLibrary.benchmarkLibrary(at: libraryPath)
        let episode = try Self.silentMP3(at: "\(work.path)/episode.mp3", seconds: 10)
        let generator = try ArticleGenerator(samplesDirectory: samplesDirectory)
        try fill(library, count: articles, generator: generator, episode: episode, folder: work.path)

        // In process: the whole feed made and written as XML, warm (the second and later runs).
        let maker = PodcastFeedMaker(library: library)
        // Addresses as `narrate serve` gives them (ids in the path).
        let addresses = ServerLayout(base: "http://127.0.0.1:8080")
        var times: [Double] = []
        var size = 0
        for _ in 0..<7 {
            let start = ContinuousClock.now
            size = try maker.feed(FeedSelection(), addresses: addresses, isPrivate: false).xmlBytes().count
            times.append((ContinuousClock.now - start).seconds)
        }
        let warm = times.dropFirst().sorted()[times.count / 2 - 1]
        print(
            "feed of \(articles) episodes, made    \((warm * 1000).fixed(1)) ms warm, in process (median of 6 after one; \(size / 1_024) KiB)"
        )
        // Where that time goes: the library's query, the episodes (a stat each), the XML.
        var query: [Double] = []
        var episodes: [Double] = []
        var xml: [Double] = []
        for _ in 0..<5 {
            var start = ContinuousClock.now
            _ = try library.renders.episodes(format: "mp3")
            query.append((ContinuousClock.now - start).seconds)
            start = ContinuousClock.now
            let feed = try maker.feed(FeedSelection(), addresses: addresses, isPrivate: false)
            episodes.append((ContinuousClock.now - start).seconds)
            start = ContinuousClock.now
            _ = feed.xmlBytes()
            xml.append((ContinuousClock.now - start).seconds)
        }
        func ms(_ values: [Double]) -> String { (values.sorted()[2] * 1000).fixed(1) + " ms" }
        print("  of which: query \(ms(query)), episodes (query included) \(ms(episodes)), XML \(ms(xml))")

        // Over HTTP: the feed made again after each change (a tag), then a 304 a podcast app gets.
        let server = try ServerProcess(narrate: narrate, library: libraryPath, folder: work.path)
        defer { server.stop() }
        let servedSize = try HTTPProbe.exchange(port: server.port, path: "/feed.xml").1.utf8.count
        var served: [Double] = []
        for round in 0..<5 {
            _ = try library.articles.retag(id: 1, adding: ["round-\(round)"], removing: [])
            served.append(try HTTPProbe.secondsUntilBody(port: server.port, path: "/feed.xml", bodyBytes: servedSize))
        }
        print(
            "feed of \(articles) episodes, served  \((served.sorted()[2] * 1000).fixed(1)) ms over HTTP after a change (median of 5: stamp, make, send)"
        )
        let etag = try header("ETag", url: "http://127.0.0.1:\(server.port)/feed.xml")
        let notModified = try wrk(["-c", "16", "-H", "If-None-Match: \(etag)", "http://127.0.0.1:\(server.port)/feed.xml"])
        let feedFile = "\(work.path)/feed.xml"
        try OutputFile.write(try maker.feed(FeedSelection(), addresses: addresses, isPrivate: false).xmlBytes(), to: feedFile)
        var nginxRate: Double?
        if let nginx = try? NginxProcess(file: feedFile, folder: work.path) {
            defer { nginx.stop() }
            let url = "http://127.0.0.1:\(nginx.port)/audio.wav"
            let nginxTag = try header("ETag", url: url)
            nginxRate = try wrk(["-c", "16", "-H", "If-None-Match: \(nginxTag)", url])
        }
        print(
            "304 answers to If-None-Match        \(notModified.fixed(0)) requests/s"
                + (nginxRate.map { "   nginx (static copy) \($0.fixed(0))   ratio \((notModified / $0).fixed(2))x" }
                    ?? "   (nginx not installed)"))

        // narrate publish of the newest `published` articles: their audio exists.
        let site = "\(work.path)/site"
        let first = try ChildProcess.runChecked([
            narrate, "publish", site, "--base-url", "https://example.org/podcast/", "--limit", String(published), "--library", libraryPath,
        ])
        let second = try ChildProcess.runChecked([
            narrate, "publish", site, "--base-url", "https://example.org/podcast/", "--limit", String(published), "--library", libraryPath,
        ])
        print(
            "publish \(published) episodes               first \(first.wallSeconds.fixed(2)) s (\(published * 4 + 3) files), again with nothing changed \(second.wallSeconds.fixed(2)) s"
        )
    }

    /// Adds `count` articles, each with a render of the library's own in MP3: a hard link to
    /// `episode`, its sentences spread over it.
    private func fill(
        _ library: ArticleLibrary, count: Int, generator: ArticleGenerator, episode: (path: String, frames: Int64, rate: Int),
        folder: String
    ) throws {
        let audio = library.location.audioDirectory
        try FileManager.default.createDirectory(atPath: audio, withIntermediateDirectories: true)
        for index in 0..<count {
            let article = try generator.article(index, detector: nil)
            let id = try library.articles.add(article).articleId
            let path = "\(audio)/\(id)-bench.mp3"
            link(episode.path, path)
            let sentences = Int64(max(article.sentences.count, 1))
            let step = episode.frames / sentences
            let samples = (0..<sentences).map { $0 * step..<($0 == sentences - 1 ? episode.frames : ($0 + 1) * step) }
            try library.renders.recordRender(
                articleId: id, settingsHash: "bench", path: path, ownedByLibrary: true, format: "mp3", sampleRate: episode.rate,
                sampleCount: episode.frames, sentenceSamples: samples
            )
        }
    }

    /// `seconds` of silence as an MP3 at `path`: its frames and rate.
    private static func silentMP3(at path: String, seconds: Int) throws -> (path: String, frames: Int64, rate: Int) {
        let writer = try AudioFileWriter(destination: path, sampleRate: 22_050, encoding: AudioEncoding(format: .mp3), overwrite: true)
        try writer.writeSilence(samples: 22_050 * seconds)
        try writer.commit()
        return (path, Int64(writer.fileFramesWritten), writer.fileSampleRate)
    }

    /// Header `name` of a HEAD of `url` (curl).
    private func header(_ name: String, url: String) throws -> String {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let output = "\(work.path)/headers.txt"
        _ = try ChildProcess.run(["/usr/bin/curl", "-s", "-I", url], output: output)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix(name.lowercased() + ":") }) else {
            throw BenchmarkError("\(url) has no \(name): \(text.prefix(300))")
        }
        return line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
    }

    /// Requests a second wrk reports (2 threads, 5 s).
    private func wrk(_ arguments: [String]) throws -> Double {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let output = "\(work.path)/wrk.txt"
        _ = try ChildProcess.run(["/usr/bin/wrk", "-t", "2", "-d", "5s"] + arguments, output: output)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
            let value = Double(line.split(separator: " ").last ?? "")
        else { throw BenchmarkError("wrk printed no rate: \(text.prefix(300))") }
        guard !text.contains("Non-2xx or 3xx responses") else { throw BenchmarkError("wrk got errors: \(text.prefix(400))") }
        return value
    }
}

/// A feed's files where `narrate serve` serves them: `/episodes/ARTICLE/RENDER.mp3`.
struct ServerLayout: FeedAddressing {
    let base: String
    var feedURL: String { base + "/feed.xml" }
    var homeURL: String { base + "/" }
    var coverURL: String { base + "/feed.png" }

    func audioURL(of episode: EpisodeRecord, format: EpisodeFormat) -> String {
        "\(base)/episodes/\(episode.articleId)/\(episode.render.id).\(format.fileExtension)"
    }

    func fileURL(of episode: EpisodeRecord, _ kind: EpisodeFile) -> String {
        "\(base)/episodes/\(episode.articleId)/\(episode.render.id)\(kind.suffix)"
    }

    func chapterURL(of episode: EpisodeRecord, chapter: Int) -> String {
        "\(base)/episodes/\(episode.articleId)/\(episode.render.id).chapter-\(chapter).mp3"
    }
}
