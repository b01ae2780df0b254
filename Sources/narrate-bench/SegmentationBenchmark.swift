import NarrateCore
import NarrateText

/// Measures `SentenceSegmenter` throughput, compares it with pySBD on the same texts, and
/// checks that segmentation time grows linearly with the text.
///
/// Throughput is UTF-8 megabytes (1,000,000 bytes) per second, best of `runs`, on the long
/// article and on 10 MB of mixed English, Ukrainian and German (see `MixedText`); every
/// sample copy is segmented on its own, with its own language, by both segmenters. pySBD
/// gets only the mixed text's 1 MB prefix (it does about 0.25 MB/s, so 10 MB five times
/// would take minutes), and the ratio uses narrate's figure on that same prefix. Linearity times narrate on 1 MB and 10 MB of
/// the mixed text with each language's copies joined into one long text.
struct SegmentationBenchmark {
    /// The long article, segmented as English.
    var longArticle: String
    /// The directory with en-long.txt, en-news.txt, uk-news.txt and de-article.txt.
    var samplesDirectory: String
    /// Runs per measurement; the best counts.
    var runs = 5

    /// Bytes in the mixed text.
    static let mixedBytes = 10_000_000
    /// Bytes in the mixed text's prefix that pySBD and the linearity check use.
    static let sliceBytes = 1_000_000

    func run() throws(BenchmarkError) {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let article = try read(longArticle)
        let sources: [(language: String, samples: [String])] = [
            ("en", [try read("\(samplesDirectory)/en-long.txt"), try read("\(samplesDirectory)/en-news.txt")]),
            ("uk", [try read("\(samplesDirectory)/uk-news.txt")]),
            ("de", [try read("\(samplesDirectory)/de-article.txt")]),
        ]
        let mixed = MixedText(sources: sources, bytes: Self.mixedBytes)
        let slice = MixedText(sources: sources, bytes: Self.sliceBytes)
        let articlePieces = [MixedText.Piece(language: "en", text: article)]

        let pySBD = PySBD(work: work)
        let pySBDVersion = pySBD.version()
        print("")
        print(
            "segmentation: MB = 1,000,000 UTF-8 bytes, best of \(runs) runs"
                + (pySBDVersion.map { "; pySBD \($0), clean=False, Ukrainian with its Russian rules" } ?? ""))
        if pySBDVersion == nil { print("pySBD: not installed (pip install pysbd); comparison skipped") }
        print(
            "mixed text: copies of en-long and en-news, uk-news and de-article interleaved (\(mixed.shares()));"
                + " each copy segmented on its own with its own language")

        // (a) The long article.
        let articleNarrate = measure(articlePieces)
        let articleName = longArticle.split(separator: "/").last.map(String.init) ?? longArticle
        var line =
            pad("\(articleName) (en, \(megabytes(article.utf8.count)))", 36)
            + "narrate " + pad(throughput(article.utf8.count, articleNarrate.seconds), 12)
        if pySBDVersion != nil {
            let articlePySBD = try pySBD.bestSeconds(articlePieces, runs: runs)
            line +=
                "pySBD " + pad(throughput(article.utf8.count, articlePySBD.seconds), 12)
                + "ratio " + pad((articlePySBD.seconds / articleNarrate.seconds).fixed(1) + "x", 8)
                + "sentences \(articleNarrate.sentences) / \(articlePySBD.sentences)"
        }
        print(line)

        // (b) The mixed text: narrate on all of it, pySBD on its 1 MB prefix.
        let mixedNarrate = measure(mixed.pieces)
        line =
            pad("mixed text (\(megabytes(mixed.byteCount)))", 36)
            + "narrate " + pad(throughput(mixed.byteCount, mixedNarrate.seconds), 12)
        if pySBDVersion != nil {
            let sliceNarrate = measure(slice.pieces)
            let slicePySBD = try pySBD.bestSeconds(slice.pieces, runs: runs)
            line +=
                "pySBD " + pad(throughput(slice.byteCount, slicePySBD.seconds), 12)
                + "ratio " + pad((slicePySBD.seconds / sliceNarrate.seconds).fixed(1) + "x", 8)
                + "sentences \(sliceNarrate.sentences) / \(slicePySBD.sentences) (pySBD on the first \(megabytes(slice.byteCount)),"
                + " where narrate does \(throughput(slice.byteCount, sliceNarrate.seconds)): 10 MB would take it minutes)"
        }
        print(line)

        // Linearity: per-megabyte time on 1 MB and on 10 MB, each language in one long text.
        let linearity = measure([slice.joinedByLanguage(), mixed.joinedByLanguage()])
        let (small, large) = (linearity[0], linearity[1])
        let smallPerMB = small.seconds / (Double(slice.byteCount) / 1e6)
        let largePerMB = large.seconds / (Double(mixed.byteCount) / 1e6)
        print(
            pad("linearity (one text per language)", 36)
                + "\(megabytes(slice.byteCount)) in \((small.seconds * 1000).fixed(1)) ms, \(megabytes(mixed.byteCount)) in \((large.seconds * 1000).fixed(1)) ms:"
                + " per-MB time ratio \((largePerMB / smallPerMB).fixed(3))x (1.0 is linear)")
    }

    /// The best time of `runs` passes of narrate's segmenter over `pieces` and the sentence
    /// count of one pass.
    private func measure(_ pieces: [MixedText.Piece]) -> (seconds: Double, sentences: Int) {
        measure([pieces])[0]
    }

    /// `measure` for several texts at once, alternating them within each run so that a
    /// busy spell on a shared machine slows them alike. Segmenters are built before the
    /// clock starts; a text that takes less than 0.1 s is segmented repeatedly in each run
    /// (the time is per pass), so a timer tick or a scheduler hiccup does not decide the
    /// figure.
    private func measure(_ texts: [[MixedText.Piece]]) -> [(seconds: Double, sentences: Int)] {
        var segmenters: [String: SentenceSegmenter] = [:]
        for piece in texts.joined() where segmenters[piece.language] == nil {
            segmenters[piece.language] = SentenceSegmenter(language: piece.language)
        }
        let jobs = texts.map { $0.map { (segmenters[$0.language]!, $0.text) } }
        var sentences = [Int](repeating: 0, count: texts.count)
        let clock = ContinuousClock()
        func pass(_ text: Int) -> Double {
            var count = 0
            let elapsed = clock.measure {
                for (segmenter, text) in jobs[text] { count += segmenter.sentenceRanges(in: text).count }
            }
            sentences[text] = count
            let (seconds, attoseconds) = elapsed.components
            return Double(seconds) + Double(attoseconds) / 1e18
        }
        let passes = texts.indices.map { max(1, min(1000, Int(0.1 / max(pass($0), 1e-6)))) }
        var best = [Double](repeating: .infinity, count: texts.count)
        for _ in 0..<runs {
            for text in texts.indices {
                var total = 0.0
                for _ in 0..<passes[text] { total += pass(text) }
                best[text] = min(best[text], total / Double(passes[text]))
            }
        }
        return texts.indices.map { (best[$0], sentences[$0]) }
    }

    private func read(_ path: String) throws(BenchmarkError) -> String {
        do {
            return String(decoding: try FileContents.read(path), as: UTF8.self)
        } catch {
            throw BenchmarkError("\(path): \(error.reason)")
        }
    }

    private func throughput(_ bytes: Int, _ seconds: Double) -> String {
        (Double(bytes) / 1e6 / seconds).megabytesPerSecond
    }

    private func megabytes(_ bytes: Int) -> String {
        "\((Double(bytes) / 1e6).fixed(bytes < 100_000 ? 3 : 2)) MB"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
