import NarrateCore
import NarrateIngest
import NarrateSystem

/// Measures reading web pages (charset, gumbo parse, article extraction, blocks) over the
/// pages of ../shared/corpora/readability, side by side with readability-lxml and
/// trafilatura run through `python3` on the same files when they are installed.
///
/// Throughput is megabytes (1,000,000 bytes of HTML) per second over all pages, best of
/// `runs` passes; each peer's script times only its extraction calls with
/// `time.perf_counter`, as narrate's side times only `HTMLReader.read`.
struct ExtractionBenchmark {
    /// The folder of page folders, each with a source.html.
    var corpus: String
    /// Passes over the corpus; the best counts.
    var runs = 3

    func run() throws(BenchmarkError) {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        var pages: [(name: String, path: String, bytes: [UInt8])] = []
        for folder in Self.entries(of: corpus).sorted() {
            let path = "\(corpus)/\(folder)/source.html"
            guard access(path, R_OK) == 0, let bytes = try? FileContents.read(path) else { continue }
            pages.append((folder, path, bytes))
        }
        guard !pages.isEmpty else { throw BenchmarkError("\(corpus): no page folders with a source.html") }
        let total = pages.reduce(0) { $0 + $1.bytes.count }
        print("")
        print(
            "extraction: \(pages.count) pages of \(corpus) (\((Double(total) / 1e6).fixed(1)) MB of HTML), "
                + "MB = 1,000,000 bytes, best of \(runs) passes")

        let reader = HTMLReader()
        var best = Double.infinity
        var failures = 0
        for _ in 0..<runs {
            failures = 0
            let start = ContinuousClock.now
            for page in pages {
                do {
                    _ = try reader.read(page.bytes, name: page.name)
                } catch {
                    failures += 1
                }
            }
            best = min(best, (ContinuousClock.now - start).seconds)
        }
        let narrate = Double(total) / 1e6 / best
        print(
            "narrate             \(pad("\(narrate.fixed(2)) MB/s", 14))(\(best.fixed(3)) s per pass, \(failures) pages without an article)")

        let list = try work.createFile("pages.txt", containing: Array(pages.map(\.path).joined(separator: "\n").utf8))
        for peer in PythonExtractor.allCases {
            guard let seconds = try peer.bestSeconds(listFile: list, runs: runs, work: work) else {
                print("\(pad(peer.rawValue, 20))not installed (pip install \(peer.package))")
                continue
            }
            let rate = Double(total) / 1e6 / seconds
            print(
                "\(pad(peer.rawValue, 20))\(pad("\(rate.fixed(2)) MB/s", 14))(\(seconds.fixed(3)) s per pass)"
                    + "   narrate is \((seconds / best).fixed(1))x faster")
        }
    }

    /// The names in `directory`, without `.` and `..`.
    private static func entries(of directory: String) -> [String] {
        DirectoryEntries.names(directory)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

/// A Python article extractor timed on the same pages.
enum PythonExtractor: String, CaseIterable {
    case readabilityLXML = "readability-lxml"
    case trafilatura

    var package: String { rawValue }

    /// Best seconds for one pass over the pages listed in `listFile`; nil when the module
    /// does not import.
    func bestSeconds(listFile: String, runs: Int, work: TemporaryDirectory) throws(BenchmarkError) -> Double? {
        let module = self == .trafilatura ? "trafilatura" : "readability"
        let probe = "\(work.path)/\(module)-probe.out"
        guard (try? ChildProcess.run(["python3", "-c", "import \(module)"], output: probe))?.status == 0 else { return nil }
        let script = try work.createFile("\(module)_bench.py", containing: Array(script.utf8))
        let output = "\(work.path)/\(module).out"
        let result = try ChildProcess.run(["python3", script, listFile, "\(runs)"], output: output)
        let lines = (try? FileContents.read(output)).map { String(decoding: $0, as: UTF8.self) }?.split(separator: "\n") ?? []
        guard result.status == 0, let last = lines.last, let seconds = Double(last) else {
            throw BenchmarkError("\(rawValue) exited with \(result.status): \(lines.suffix(3).joined(separator: " / "))")
        }
        return seconds
    }

    /// Arguments: a file listing page paths, then the number of passes. Prints the best
    /// seconds of a pass. Pages are read as bytes (each library decodes them itself).
    private var script: String {
        let call =
            self == .trafilatura
            ? "trafilatura.extract(page, include_comments=False)"
            : "readability.Document(page).summary()"
        let module = self == .trafilatura ? "trafilatura" : "readability"
        return """
            import sys, time
            import \(module)
            paths = open(sys.argv[1]).read().split("\\n")
            pages = [open(p, "rb").read() for p in paths if p]
            best = float("inf")
            for _ in range(int(sys.argv[2])):
                start = time.perf_counter()
                for page in pages:
                    try:
                        \(call)
                    except Exception:
                        pass
                best = min(best, time.perf_counter() - start)
            print(best)

            """
    }
}
