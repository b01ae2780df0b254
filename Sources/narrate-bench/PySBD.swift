import NarrateCore

/// Times pySBD, the Python port of the Ruby pragmatic segmenter, through `python3`.
///
/// A small script written to the work directory reads the texts, builds one
/// `pysbd.Segmenter(language:, clean: False, char_span: False)` per language and times only
/// the `segment` calls with `time.perf_counter`, best of the runs. pySBD has no Ukrainian
/// rules, so Ukrainian text is segmented with its Russian ones.
struct PySBD {
    /// Where the script, its inputs and its output go.
    let work: TemporaryDirectory

    /// pySBD's version, or nil when `python3 -c "import pysbd"` fails.
    func version() -> String? {
        let output = "\(work.path)/pysbd-version.out"
        guard (try? ChildProcess.run(["python3", "-c", "import pysbd; print(pysbd.__version__)"], output: output))?.status == 0,
            let bytes = try? FileContents.read(output)
        else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "?"
    }

    /// The pySBD language used for a narrate language code: Ukrainian gets the Russian rules.
    static func language(for code: String) -> String {
        code == "uk" ? "ru" : code
    }

    /// The best time, in seconds, of `runs` passes over `pieces` (each segmented with its
    /// language), and the sentence count of one pass.
    func bestSeconds(_ pieces: [MixedText.Piece], runs: Int) throws(BenchmarkError) -> (seconds: Double, sentences: Int) {
        let script = try work.createFile("pysbd_bench.py", containing: Array(Self.script.utf8))
        var arguments = ["python3", script, "\(runs)"]
        var byLanguage: [String: [String]] = [:]
        for piece in pieces { byLanguage[Self.language(for: piece.language), default: []].append(piece.text) }
        for (language, texts) in byLanguage.sorted(by: { $0.key < $1.key }) {
            let file = try work.createFile("pysbd-\(language).txt", containing: Array(texts.joined(separator: "\u{1E}").utf8))
            arguments.append("\(language)=\(file)")
        }
        let output = "\(work.path)/pysbd.out"
        let result = try ChildProcess.run(arguments, output: output)
        let lines =
            (try? FileContents.read(output)).map { String(decoding: $0, as: UTF8.self) }?
            .split(separator: "\n") ?? []
        guard result.status == 0 else {
            throw BenchmarkError("pySBD exited with \(result.status): \(lines.suffix(3).joined(separator: " / "))")
        }
        let fields = lines.last?.split(separator: " ") ?? []
        guard fields.count == 2, let seconds = Double(fields[0]), let sentences = Int(fields[1]) else {
            throw BenchmarkError("pySBD printed no timing: \(lines.suffix(3).joined(separator: " / "))")
        }
        return (seconds, sentences)
    }

    /// Arguments: RUNS then LANGUAGE=FILE pairs, each file's texts separated by U+001E.
    /// Prints the best total seconds and the sentence count of one pass.
    private static let script = #"""
        import sys
        import time

        import pysbd

        runs = int(sys.argv[1])
        jobs = []
        for argument in sys.argv[2:]:
            language, path = argument.split("=", 1)
            with open(path, encoding="utf-8") as file:
                texts = file.read().split("\x1e")
            jobs.append((pysbd.Segmenter(language=language, clean=False, char_span=False), texts))

        best = None
        sentences = 0
        for _ in range(runs):
            sentences = 0
            elapsed = 0.0
            for segmenter, texts in jobs:
                for text in texts:
                    start = time.perf_counter()
                    result = segmenter.segment(text)
                    elapsed += time.perf_counter() - start
                    sentences += len(result)
            best = elapsed if best is None else min(best, elapsed)
        print(repr(best), sentences)
        """#
}
