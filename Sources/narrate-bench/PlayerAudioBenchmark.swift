import Foundation
import NarrateLibrary

/// Measures what the web player's audio costs a listener in each format it can be given
/// (WAV, and the compressed Opus and MP3 the page asks for by `canPlayType`): bytes per
/// minute of the finished render, and the first audio over HTTP with no render yet (POST
/// render, then the live stream until its first audio frame or page is whole).
struct PlayerAudioBenchmark {
    /// The narrate executable.
    var narrate: String
    /// The article (the 35-minute sample).
    var article: String
    /// Runs; the median counts.
    var runs = 3

    func run() throws(BenchmarkError) {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let libraryPath = "\(work.path)/library.sqlite"
        _ = try ChildProcess.runChecked([narrate, "add", "--library", libraryPath, article])
        let library = try ArticleLibrary.benchmarkLibrary(at: libraryPath)
        let name = article.split(separator: "/").last.map(String.init) ?? article
        print("")
        print(
            "the web player's audio: \(name) over HTTP on 127.0.0.1; first audio = POST render?formats=F, then GET live?formats=F "
                + "until its first audio frame (MP3) or page (Opus) is whole, median of \(runs)")
        let server = try ServerProcess(narrate: narrate, library: libraryPath, folder: work.path)
        defer { server.stop() }
        var wavBytesPerMinute = 0.0
        for format in ["wav", "opus", "mp3"] {
            // One render to learn where its first audio ends (its headers are the same each time).
            forgetRenders(library)
            try render(format: format, port: server.port)
            guard let made = try? library.renders.renders(ofArticle: 1).first(where: { $0.format == format }) else {
                throw BenchmarkError("no \(format) render was made")
            }
            let firstAudio = try Self.firstAudioEnd(path: made.path, format: format)
            let size = Double((try? FileManager.default.attributesOfItem(atPath: made.path)[.size] as? Int) ?? 0)
            let perMinute = size / (made.duration / 60)
            if format == "wav" { wavBytesPerMinute = perMinute }
            var seconds: [Double] = []
            for _ in 0..<runs {
                forgetRenders(library)
                let start = ContinuousClock.now
                let (status, _) = try HTTPProbe.exchange(
                    port: server.port, method: "POST", path: "/api/articles/1/render?formats=\(format)")
                guard status == 202 else { throw BenchmarkError("POST render?formats=\(format) answered \(status)") }
                _ = try HTTPProbe.secondsUntilBody(port: server.port, path: "/api/articles/1/live?formats=\(format)", bodyBytes: firstAudio)
                seconds.append((ContinuousClock.now - start).seconds)
                try waitForRender(format: format, port: server.port)
            }
            let share = wavBytesPerMinute > 0 ? "   1/\((wavBytesPerMinute / perMinute).fixed(1)) of the WAV's" : ""
            print(
                "\(format.padding(toLength: 5, withPad: " ", startingAt: 0)) \((perMinute / 1_024).fixed(0)) KiB a minute\(share)   "
                    + "first audio, no render yet \((seconds.sorted()[seconds.count / 2] * 1_000).fixed(1)) ms (\(firstAudio) bytes)"
            )
        }
    }

    private func forgetRenders(_ library: ArticleLibrary) {
        for render in (try? library.renders.renders(ofArticle: 1)) ?? [] {
            unlink(render.path)
            try? library.renders.forgetRender(id: render.id)
        }
    }

    private func render(format: String, port: Int) throws(BenchmarkError) {
        _ = try HTTPProbe.exchange(port: port, method: "POST", path: "/api/articles/1/render?formats=\(format)")
        try waitForRender(format: format, port: port)
    }

    private func waitForRender(format: String, port: Int) throws(BenchmarkError) {
        for _ in 0..<2_400 {
            let (_, body) = try HTTPProbe.exchange(port: port, path: "/api/articles/1/render?formats=\(format)")
            if body.contains("\"state\":\"done\"") { return }
            usleep(50_000)
        }
        throw BenchmarkError("the \(format) render did not finish within two minutes")
    }

    /// The bytes of a stream of the `format` file at `path` up to the end of its first audio:
    /// a WAV's header and one sample; an Ogg Opus file's two header pages and its first audio
    /// page; an MP3's ID3 tag and its first frame.
    static func firstAudioEnd(path: String, format: String) throws(BenchmarkError) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchmarkError("cannot read \(path)") }
        let bytes = [UInt8](data.prefix(1 << 20))
        switch format {
        case "wav":
            return 45
        case "opus":
            // Pages start with "OggS": the fourth page begins where the first audio page ends.
            var starts: [Int] = []
            var index = 0
            while index + 4 <= bytes.count, starts.count < 4 {
                if bytes[index] == 0x4F, bytes[index + 1] == 0x67, bytes[index + 2] == 0x67, bytes[index + 3] == 0x53 {
                    starts.append(index)
                }
                index += 1
            }
            guard starts.count == 4 else { throw BenchmarkError("\(path) has fewer than four Ogg pages") }
            return starts[3]
        default:
            var start = 0
            if bytes.count > 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 {
                start = 10 + bytes[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
            }
            // The first frame's length from its header (layer III).
            var index = start
            while index + 4 <= bytes.count, !(bytes[index] == 0xFF && bytes[index + 1] & 0xE0 == 0xE0) { index += 1 }
            if index + 4 <= bytes.count {
                let version = (bytes[index + 1] >> 3) & 0x03 // 3: MPEG-1; 2: MPEG-2; 0: MPEG-2.5
                let rates: [Int] =
                    version == 3 ? [44_100, 48_000, 32_000] : version == 2 ? [22_050, 24_000, 16_000] : [11_025, 12_000, 8_000]
                let kbps: [Int] =
                    version == 3
                    ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
                    : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
                let bitrate = Int(bytes[index + 2] >> 4)
                let rate = Int((bytes[index + 2] >> 2) & 0x03)
                let padding = Int((bytes[index + 2] >> 1) & 0x01)
                if bitrate > 0, bitrate < 15, rate < 3 {
                    return index + (version == 3 ? 144 : 72) * kbps[bitrate] * 1_000 / rates[rate] + padding
                }
            }
            throw BenchmarkError("\(path) has no two MP3 frames")
        }
    }
}
