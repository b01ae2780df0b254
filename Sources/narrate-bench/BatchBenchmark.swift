import NarrateCore
import NarrateLibrary
import NarrateQueue
import NarrateSystem

/// Measures batch throughput: copies of the samples (enough that one job at a time is at
/// least `minimumSeconds` of work) narrated by `narrate batch --jobs 1` and `--jobs 2`, each
/// in a fresh library, against two bare `espeak-ng -w` processes in parallel on the same
/// texts (split in two halves of equal length), all in one run; the parallel runs twice each.
///
/// espeak-ng is given the text narrate speaks (`narrate segment --spoken`, one sentence per
/// paragraph, with each sample's language), with the voice narrate picks for that language
/// (en-us, uk, de) at narrate's default 175 wpm, one espeak-ng run per language and half.
/// The batch time is the whole `narrate batch FOLDER` run: adding the copies to the library,
/// queueing, the workers' start and the rendering.
struct BatchBenchmark {
    /// The narrate executable.
    var narrate: String
    /// The directory with the samples (every .txt and .md but README.md is narrated).
    var samplesDirectory: String
    /// Seconds of work one espeak-ng process must have at least (the copies are made so).
    var minimumSeconds = 120.0

    /// The voices narrate's `DefaultVoices` picks where the voice is not the language code.
    private static let voices = ["en": "en-us", "fr": "fr-fr", "zh": "cmn", "no": "nb"]

    /// One sample: its file, language and the voice narrate speaks it with.
    private struct Sample {
        var path: String
        var name: String
        var language: String
        var voice: String
        /// What narrate gives eSpeak NG, one sentence per paragraph.
        var spoken: [UInt8]
    }

    /// One measured run.
    private struct Measurement {
        var label: String
        var wallSeconds: Double
        var cpuSeconds: Double
        var audioSeconds: Double
        var realTime: Double { audioSeconds / wallSeconds }

        /// The mean of this run and `other` of the same work.
        func averaged(with other: Measurement) -> Measurement {
            Measurement(
                label: label, wallSeconds: (wallSeconds + other.wallSeconds) / 2, cpuSeconds: (cpuSeconds + other.cpuSeconds) / 2,
                audioSeconds: (audioSeconds + other.audioSeconds) / 2
            )
        }
    }

    func run() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let samples = try loadSamples(work: work)
        print("")
        print("batch: \(samples.map { "\($0.name) (\($0.voice))" }.joined(separator: ", ")); 175 wpm; load average \(Self.loadAverage())")

        // How long one pass over the samples takes one espeak-ng process, to size the batch.
        let probe = try espeakPass(samples.map { ($0, $0.spoken) }, name: "probe", work: work)
        let perPass = probe.wallSeconds
        var copies = max(2, Int((minimumSeconds / perPass).rounded(.up)))
        if copies % 2 == 1 { copies += 1 }
        print(
            "one pass of espeak-ng over the samples \(perPass.fixed(2)) s; \(copies) copies of each sample, \(copies * samples.count) articles, at least \(minimumSeconds.fixed(0)) s of work at one job"
        )

        // The copies: each ends with its own sentence, so the library keeps them apart.
        let folder = "\(work.path)/articles"
        mkdir(folder, 0o755)
        var halves: [[(Sample, [UInt8])]] = [[], []]
        for copy in 1...copies {
            for sample in samples {
                let marker = Array("\n\nCopy \(copy).\n".utf8)
                let text = try FileContents.read(sample.path) + marker
                _ = try work.createFile("articles/\(copy)-\(sample.name)", containing: text)
                halves[copy % 2].append((sample, sample.spoken + marker))
            }
        }

        let jobs1 = try batch(jobs: 1, folder: folder, work: work)
        // The two parallel runs twice each, in the order A B B A, and their means: the
        // machine is shared, and a drift in its load over the minutes then weighs on both
        // alike instead of on whichever ran later.
        let firstJobs2 = try batch(jobs: 2, folder: folder, work: work)
        let firstBare = try espeakInParallel(halves, work: work)
        let secondBare = try espeakInParallel(halves, work: work)
        let secondJobs2 = try batch(jobs: 2, folder: folder, work: work)
        let jobs2 = firstJobs2.averaged(with: secondJobs2)
        let bare = firstBare.averaged(with: secondBare)
        let sizes = halves.map { String($0.map(\.1.count).reduce(0, +)) }.joined(separator: " and ")
        print(
            "bare espeak-ng: 2 processes at once (\(sizes) bytes of text); narrate: `narrate batch FOLDER --jobs N --output-dir DIR --quiet` in a fresh library"
        )
        print(
            "parallel runs in the order jobs 2, bare, bare, jobs 2: \([firstJobs2, firstBare, secondBare, secondJobs2].map { $0.wallSeconds.fixed(1) }.joined(separator: ", ")) s wall; their means below"
        )
        for measurement in [jobs1, jobs2, bare] {
            let label = measurement.label + String(repeating: " ", count: max(0, 28 - measurement.label.count))
            print(
                "\(label) \(measurement.wallSeconds.fixed(1)) s wall, \(measurement.cpuSeconds.fixed(1)) s CPU, \((measurement.audioSeconds / 3600).fixed(2)) h of audio, \(measurement.realTime.fixed(0)) s of audio per second"
            )
        }
        print("load average at the end \(Self.loadAverage()) (other work on the machine slows the parallel runs most)")
        print(
            "throughput (same texts: inverse wall time)   jobs 2 / bare parallel \((bare.wallSeconds / jobs2.wallSeconds).fixed(3))x (goal: at least 0.95x)   jobs 2 / jobs 1 \((jobs1.wallSeconds / jobs2.wallSeconds).fixed(3))x"
        )
        print(
            "CPU time (same texts)                        jobs 2 / bare parallel \((jobs2.cpuSeconds / bare.cpuSeconds).fixed(3))x   jobs 1 / bare parallel \((jobs1.cpuSeconds / bare.cpuSeconds).fixed(3))x"
        )
        print(
            "audio per second                             jobs 2 / bare parallel \((jobs2.realTime / bare.realTime).fixed(3))x   jobs 2 / jobs 1 \((jobs2.realTime / jobs1.realTime).fixed(3))x"
        )
    }

    /// The samples with their language (as the library detects it), voice and spoken text.
    private func loadSamples(work: TemporaryDirectory) throws(BenchmarkError) -> [Sample] {
        let names = try listDirectory(samplesDirectory).filter {
            ($0.hasSuffix(".txt") || $0.hasSuffix(".md")) && $0 != "README.md"
        }.sorted()
        guard !names.isEmpty else { throw BenchmarkError("no samples in \(samplesDirectory)") }
        let probeLibrary = "\(work.path)/probe.sqlite"
        var samples: [Sample] = []
        for (index, name) in names.enumerated() {
            let path = "\(samplesDirectory)/\(name)"
            _ = try ChildProcess.runChecked([narrate, "add", path, "--library", probeLibrary])
            let language: String
            do {
                let library = try ArticleLibrary(location: LibraryLocation(databasePath: probeLibrary))
                language = try library.articles.article(id: Int64(index + 1)).summary.language ?? "en"
            } catch {
                throw BenchmarkError("cannot read the probe library: \(error)")
            }
            let sentences = "\(work.path)/spoken-\(name).txt"
            let segment = try ChildProcess.run([narrate, "segment", "--spoken", "--language", language, path], output: sentences)
            guard segment.status == 0 else { throw BenchmarkError("narrate segment \(path) exited with \(segment.status)") }
            let lines: [ArraySlice<UInt8>]
            do {
                lines = try FileContents.read(sentences).split(separator: UInt8(ascii: "\n"))
            } catch {
                throw BenchmarkError("cannot read \(sentences)")
            }
            let spoken = Array(lines.map { Array($0) }.joined(separator: Array("\n\n".utf8)))
            samples.append(
                Sample(
                    path: path, name: name, language: language, voice: Self.voices[language] ?? language, spoken: spoken
                ))
        }
        return samples
    }

    /// `narrate batch FOLDER --jobs N` in a fresh library; the audio is the jobs' durations.
    private func batch(jobs: Int, folder: String, work: TemporaryDirectory) throws -> Measurement {
        let libraryPath = "\(work.path)/batch-\(jobs).sqlite"
        let output = "\(work.path)/out-\(jobs)"
        // A fresh library each time: in the last run's, the batch would only copy renders.
        for suffix in ["", "-wal", "-shm"] { unlink(libraryPath + suffix) }
        let run = try ChildProcess.runChecked([
            narrate, "batch", folder, "--jobs", "\(jobs)", "--output-dir", output, "--quiet", "--library", libraryPath,
        ])
        let library = try ArticleLibrary(location: LibraryLocation(databasePath: libraryPath))
        let done = try library.queue.jobs(in: [.done])
        let all = try library.queue.jobs()
        guard done.count == all.count, !all.isEmpty else {
            throw BenchmarkError("narrate batch --jobs \(jobs) did \(done.count) of \(all.count) jobs")
        }
        TemporaryDirectory.removeTree(output)
        return Measurement(
            label: "narrate batch --jobs \(jobs)", wallSeconds: run.wallSeconds, cpuSeconds: run.cpuSeconds,
            audioSeconds: done.compactMap(\.durationSeconds).reduce(0, +)
        )
    }

    /// Two processes at once, each speaking its half: one espeak-ng run per language.
    private func espeakInParallel(_ halves: [[(Sample, [UInt8])]], work: TemporaryDirectory) throws(BenchmarkError) -> Measurement {
        var scripts: [String] = []
        for (index, half) in halves.enumerated() {
            var commands: [String] = []
            for voice in Set(half.map(\.0.voice)).sorted() {
                let joined = Array(half.filter { $0.0.voice == voice }.map(\.1).joined(separator: Array("\n\n".utf8)))
                let text = try work.createFile("half-\(index)-\(voice).txt", containing: joined)
                commands.append("espeak-ng -v \(voice) -s 175 -f '\(text)' -w '\(work.path)/half-\(index)-\(voice).wav'")
            }
            scripts.append(commands.joined(separator: " && "))
        }
        let start = Self.now()
        let pids = try scripts.map { script throws(BenchmarkError) in try Self.spawn(["/bin/sh", "-c", script]) }
        var cpu = 0.0
        for pid in pids {
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0 {
                guard errno == EINTR else { throw BenchmarkError("wait4 failed") }
            }
            guard status == 0 else { throw BenchmarkError("espeak-ng failed (status \(status))") }
            cpu += ChildProcess.cpuSeconds(usage)
        }
        let wall = Self.now() - start
        var audio = 0.0
        for name in try listDirectory(work.path) where name.hasPrefix("half-") && name.hasSuffix(".wav") {
            audio += try Self.wavSeconds("\(work.path)/\(name)")
            unlink("\(work.path)/\(name)")
        }
        return Measurement(label: "2 bare espeak-ng at once", wallSeconds: wall, cpuSeconds: cpu, audioSeconds: audio)
    }

    /// One espeak-ng process after another over `texts`, into `name`-N.wav in `work`.
    private func espeakPass(_ texts: [(Sample, [UInt8])], name: String, work: TemporaryDirectory) throws(BenchmarkError) -> ChildProcess {
        var total = ChildProcess(wallSeconds: 0, peakKiB: 0, status: 0)
        for (index, (sample, text)) in texts.enumerated() {
            let input = try work.createFile("\(name)-\(index).txt", containing: text)
            let output = "\(work.path)/\(name)-\(index).wav"
            let run = try ChildProcess.runChecked(["espeak-ng", "-v", sample.voice, "-s", "175", "-f", input, "-w", output])
            total.wallSeconds += run.wallSeconds
            total.peakKiB = max(total.peakKiB, run.peakKiB)
            unlink(output)
        }
        return total
    }

    /// The seconds of 16-bit mono audio in a WAV file espeak-ng wrote (22,050 Hz).
    private static func wavSeconds(_ path: String) throws(BenchmarkError) -> Double {
        var status = stat()
        guard stat(path, &status) == 0 else { throw BenchmarkError("\(path): missing") }
        return Double(max(0, Int(status.st_size) - 44)) / 2 / 22_050
    }

    private static func spawn(_ arguments: [String]) throws(BenchmarkError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// The one-minute load average, which tells how much else the machine was doing.
    private static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) == 3 ? loads[0].fixed(2) : "unknown"
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func listDirectory(_ path: String) throws(BenchmarkError) -> [String] {
        guard let entries = DirectoryEntries.list(path) else { throw BenchmarkError("cannot read \(path)") }
        return entries.map(\.name)
    }
}
