import NarrateCore
import NarrateLibrary
import NarrateSystem

/// Measures listening: how soon `narrate play ID --sink stdout` delivers its first audio
/// (the first byte after the 24-byte AU header), with the article's render cached and
/// without one (the render is made while the first sentences play), and how many position writes a second the
/// library takes (each its own transaction, as the player writes them).
struct ListeningBenchmark {
    /// The narrate executable.
    var narrate: String
    /// The article played.
    var article: String
    /// Runs; the median counts.
    var runs = 5

    func run() throws(BenchmarkError) {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let libraryPath = "\(work.path)/library.sqlite"
        setenv("NARRATE_LIBRARY", libraryPath, 1)
        defer { unsetenv("NARRATE_LIBRARY") }
        _ = try ChildProcess.runChecked([narrate, "add", article])
        let library = try ArticleLibrary.benchmarkLibrary(at: libraryPath)
        let name = article.split(separator: "/").last.map(String.init) ?? article
        print("")
        print("listening: \(name); first audio = the first byte after the AU header on `play 1 --sink stdout`, median of \(runs)")

        var uncached: [Double] = []
        for _ in 0..<runs {
            // Forget every render, so play has to make one.
            for render in (try? library.renders.renders(ofArticle: 1)) ?? [] {
                unlink(render.path)
                try? library.renders.forgetRender(id: render.id)
            }
            uncached.append(try firstAudioSeconds())
        }
        var cached: [Double] = []
        for _ in 0..<runs { cached.append(try firstAudioSeconds()) }
        print("first audio, render cached      \((median(cached) * 1000).fixed(0)) ms")
        print("first audio, no render yet      \((median(uncached) * 1000).fixed(0)) ms (rendered as it plays; goal: at most 150 ms)")

        let count = 2_000
        let start = ContinuousClock.now
        do {
            for index in 0..<count {
                try library.positions.savePosition(articleId: 1, sentence: index % 10, finished: false)
            }
        } catch {
            throw BenchmarkError("saving a position failed: \(error)")
        }
        let seconds = (ContinuousClock.now - start).seconds
        print("position writes                 \((Double(count) / seconds).fixed(0)) per second (one transaction each)")
    }

    /// Seconds from spawning `narrate play 1 --sink stdout` to its first audio byte.
    private func firstAudioSeconds() throws(BenchmarkError) -> Double {
        try Self.firstAudioSeconds([narrate, "play", "1", "--sink", "stdout", "--from-start"], header: 24)
    }

    /// Seconds from spawning `arguments` (standard input empty) to the first byte it writes on
    /// standard output after `header` bytes.
    static func firstAudioSeconds(_ arguments: [String], header: Int, input: String = "/dev/null") throws(BenchmarkError) -> Double {
        let executable = arguments[0]
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchmarkError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, input, O_RDONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawnp(&pid, executable, &actions, nil, &argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw BenchmarkError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var received = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        var elapsed: Double?
        while elapsed == nil {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count <= 0 { break }
            received += count
            if received > header { elapsed = (ContinuousClock.now - start).seconds }
        }
        // Closing the pipe first: a player blocked writing to it gets EPIPE and stops.
        close(pipeEnds[0])
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard let elapsed else { throw BenchmarkError("\(arguments.joined(separator: " ")) wrote no audio") }
        return elapsed
    }

    private func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }
}
