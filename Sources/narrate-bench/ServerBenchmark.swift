import Foundation
import NarrateLibrary

/// Measures `narrate serve` over HTTP, with nginx beside it where the measure is one a
/// static server can take too: time to the first audio byte with the render cached and
/// without one (rendering starts, the audio streams as it is made); requests a second for
/// the article's JSON and for byte ranges of its audio (wrk); and the server's peak memory
/// while 100 listeners stream the whole audio at once.
struct ServerBenchmark {
    /// The narrate executable.
    var narrate: String
    /// The article (the 35-minute sample).
    var article: String
    /// Runs; the median counts.
    var runs = 5

    func run() throws(BenchmarkError) {
        guard access("/usr/bin/wrk", X_OK) == 0 else { throw BenchmarkError("wrk not found: run scripts/install-dependencies --tests") }
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let libraryPath = "\(work.path)/library.sqlite"
        _ = try ChildProcess.runChecked([narrate, "add", "--library", libraryPath, article])
        let library = try ArticleLibrary.benchmarkLibrary(at: libraryPath)
        let name = article.split(separator: "/").last.map(String.init) ?? article
        print("")
        print("serve: \(name) over HTTP on 127.0.0.1; medians of \(runs); wrk -t2, 5 s a figure")

        var server = try ServerProcess(narrate: narrate, library: libraryPath, folder: work.path)
        // Uncached: POST render, then the live stream until its first audio byte (past the header).
        var uncached: [Double] = []
        for _ in 0..<runs {
            for render in (try? library.renders.renders(ofArticle: 1)) ?? [] {
                unlink(render.path)
                try? library.renders.forgetRender(id: render.id)
            }
            let start = ContinuousClock.now
            let (status, _) = try HTTPProbe.exchange(port: server.port, method: "POST", path: "/api/articles/1/render")
            guard status == 202 else { throw BenchmarkError("POST render answered \(status)") }
            _ = try HTTPProbe.secondsUntilBody(port: server.port, path: "/api/articles/1/live", bodyBytes: 45)
            uncached.append((ContinuousClock.now - start).seconds)
            try waitForRender(port: server.port)
        }
        let audioPath = try audioPath(port: server.port)
        var cached: [Double] = []
        for _ in 0..<runs {
            cached.append(try HTTPProbe.secondsUntilBody(port: server.port, path: audioPath, bodyBytes: 45))
        }
        print("first audio byte, render cached     \((median(cached) * 1000).fixed(1)) ms (GET the render's audio)")
        print(
            "first audio byte, no render yet     \((median(uncached) * 1000).fixed(1)) ms (POST render, GET live: a worker starts, the audio streams as it is made)"
        )

        let base = "http://127.0.0.1:\(server.port)"
        let json = try wrk(["-c", "16", "\(base)/api/articles/1"])
        let list = try wrk(["-c", "16", "\(base)/api/articles"])
        let range = try wrk(["-c", "16", "-H", "Range: bytes=1000000-1065535", base + audioPath])

        // nginx beside it, serving the same file.
        let renderFile = ((try? library.renders.renders(ofArticle: 1)) ?? []).first?.path ?? ""
        let nginx = try? NginxProcess(file: renderFile, folder: work.path)
        var nginxRange: Double?
        if let nginx {
            nginxRange = try wrk(["-c", "16", "-H", "Range: bytes=1000000-1065535", "http://127.0.0.1:\(nginx.port)/audio.wav"])
        }
        print("article JSON (\(wordCount(library)) timed words)    \(json.fixed(0)) requests/s")
        print("library list JSON                   \(list.fixed(0)) requests/s")
        print(
            "audio, 64 KiB ranges                \(range.fixed(0)) requests/s"
                + (nginxRange.map { "   nginx \($0.fixed(0))   ratio \((range / $0).fixed(2))x" } ?? "   (nginx not installed)"))

        // Peak memory: a fresh server each time, then 100 streams of the whole audio for 10 s: as
        // fast as loopback takes them (wrk), and as 100 listeners would fetch them, at four
        // times the audio's rate (curl --limit-rate).
        server.stop()
        server = try ServerProcess(narrate: narrate, library: libraryPath, folder: work.path)
        _ = try HTTPProbe.secondsUntilBody(port: server.port, path: audioPath, bodyBytes: 45)
        let idle = server.peakKiB()
        _ = try wrk(["-c", "100", "-d", "10s", "http://127.0.0.1:\(server.port)\(audioPath)"])
        let flooded = server.peakKiB()
        server.stop()
        server = try ServerProcess(narrate: narrate, library: libraryPath, folder: work.path)
        try listeners(url: "http://127.0.0.1:\(server.port)\(audioPath)")
        let paced = server.peakKiB()
        var nginxFlooded: Int?
        var nginxPaced: Int?
        if let nginx {
            _ = try wrk(["-c", "100", "-d", "10s", "http://127.0.0.1:\(nginx.port)/audio.wav"])
            nginxFlooded = nginx.peakKiB()
            try listeners(url: "http://127.0.0.1:\(nginx.port)/audio.wav")
            nginxPaced = nginx.peakKiB()
        }
        func mebibytes(_ kib: Int) -> String { (Double(kib) / 1_024).fixed(1) }
        func beside(_ mine: Int, _ theirs: Int?) -> String {
            guard let theirs else { return "" }
            return "   nginx \(mebibytes(theirs)) MiB   ratio \((Double(mine) / Double(max(theirs, 1))).fixed(1))x"
        }
        print("peak memory, idle                   \(mebibytes(idle)) MiB")
        print("peak memory, 100 listeners at 4x    \(mebibytes(paced)) MiB" + beside(paced, nginxPaced))
        print("peak memory, 100 streams flat out   \(mebibytes(flooded)) MiB" + beside(flooded, nginxFlooded))
        server.stop()
        nginx?.stop()
    }

    /// 100 listeners fetching `url` at 4x a 22,050 Hz mono WAV's rate for 10 s.
    private func listeners(url: String) throws(BenchmarkError) {
        var pids: [pid_t] = []
        for _ in 0..<100 {
            let arguments = ["/usr/bin/curl", "-s", "-o", "/dev/null", "--max-time", "10", "--limit-rate", "176k", url]
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, arguments[0], nil, nil, &argv, environ) == 0 else { throw BenchmarkError("cannot run curl") }
            pids.append(pid)
        }
        for pid in pids {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    private func waitForRender(port: Int) throws(BenchmarkError) {
        for _ in 0..<1_200 {
            let (_, body) = try HTTPProbe.exchange(port: port, path: "/api/articles/1/render")
            if body.contains("\"state\":\"done\"") { return }
            usleep(50_000)
        }
        throw BenchmarkError("the render did not finish within a minute")
    }

    private func audioPath(port: Int) throws(BenchmarkError) -> String {
        let (_, body) = try HTTPProbe.exchange(port: port, path: "/api/articles/1/render")
        guard let range = body.range(of: #"/api/articles/1/renders/[0-9]+/audio"#, options: .regularExpression) else {
            throw BenchmarkError("the render names no audio: \(body.prefix(200))")
        }
        return String(body[range])
    }

    private func wordCount(_ library: ArticleLibrary) -> String {
        guard let render = try? library.renders.renders(ofArticle: 1).first, let count = try? library.renders.wordCount(ofRender: render.id)
        else {
            return "?"
        }
        return String(count)
    }

    /// Requests a second wrk reports for `arguments` (2 threads, 5 s unless given).
    private func wrk(_ arguments: [String]) throws(BenchmarkError) -> Double {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let output = "\(work.path)/wrk.txt"
        let duration = arguments.contains("-d") ? [] : ["-d", "5s"]
        _ = try ChildProcess.run(["/usr/bin/wrk", "-t", "2"] + duration + arguments, output: output)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
            let value = Double(line.split(separator: " ").last ?? "")
        else {
            throw BenchmarkError("wrk printed no rate: \(text.prefix(300))")
        }
        guard !text.contains("Non-2xx or 3xx responses") else { throw BenchmarkError("wrk got error answers: \(text.prefix(400))") }
        return value
    }

    private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}

/// `narrate serve --port 0` in the background.
struct ServerProcess {
    let pid: pid_t
    let port: Int

    init(narrate: String, library: String, folder: String) throws(BenchmarkError) {
        let log = "\(folder)/serve-\(UUID().uuidString).log"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let arguments = [narrate, "serve", "--port", "0", "--library", library]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, narrate, &actions, nil, &argv, environ) == 0 else { throw BenchmarkError("cannot start \(narrate) serve") }
        self.pid = pid
        for _ in 0..<600 {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression),
                let port = Int(text[range].split(separator: ":").last ?? "")
            {
                self.port = port
                return
            }
            usleep(50_000)
        }
        kill(pid, SIGTERM)
        throw BenchmarkError("narrate serve printed no address")
    }

    /// Its peak resident memory so far, in KiB.
    func peakKiB() -> Int { ProcessMemory.peakKiB(of: pid) }

    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}

/// nginx serving one file as /audio.wav, or several, for comparison and as a feed server.
struct NginxProcess {
    let pid: pid_t
    let port: Int
    let folder: String

    init(file: String, folder base: String) throws(BenchmarkError) {
        try self.init(files: ["audio.wav": file], folder: base)
    }

    /// nginx serving `files` (name in the root → path).
    init(files: [String: String], folder base: String) throws(BenchmarkError) {
        guard access("/usr/sbin/nginx", X_OK) == 0, !files.isEmpty else { throw BenchmarkError("no nginx") }
        folder = "\(base)/nginx"
        // nginx's workers run as nobody: the private scratch folder must let them through,
        // or every answer is 403 (which wrk would count as requests).
        chmod(base, 0o755)
        mkdir(folder, 0o755)
        mkdir("\(folder)/www", 0o755)
        for (name, path) in files { symlink(path, "\(folder)/www/\(name)") }
        port = Int.random(in: 20_000..<60_000)
        let configuration = """
            daemon off; master_process on; worker_processes 1; pid \(folder)/nginx.pid; error_log \(folder)/error.log;
            events { worker_connections 1024; }
            http { access_log off; sendfile on; client_body_temp_path \(folder); proxy_temp_path \(folder);
              fastcgi_temp_path \(folder); uwsgi_temp_path \(folder); scgi_temp_path \(folder);
              types { audio/wav wav; application/rss+xml xml; }
              server { listen 127.0.0.1:\(port); root \(folder)/www; } }
            """
        _ = FileManager.default.createFile(atPath: "\(folder)/nginx.conf", contents: Data(configuration.utf8))
        let arguments = ["/usr/sbin/nginx", "-p", folder, "-c", "\(folder)/nginx.conf"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], nil, nil, &argv, environ) == 0 else { throw BenchmarkError("cannot start nginx") }
        self.pid = pid
        usleep(500_000)
    }

    /// The peak resident memory of its master and workers together, in KiB.
    func peakKiB() -> Int {
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { pid_t($0) }.reduce(ProcessMemory.peakKiB(of: pid)) {
            $0 + ProcessMemory.peakKiB(of: $1)
        }
    }

    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}

/// Memory figures of a running process, from /proc.
enum ProcessMemory {
    /// VmHWM: its peak resident memory, in KiB.
    static func peakKiB(of pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
