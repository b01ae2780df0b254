import Foundation
import Glibc
import NarrateLibrary
import NarrateQueue
import NarrateTestSupport
import Testing

@Suite("narrate serve, run as a user runs it", .endToEnd, .serialized)
struct ServeTests {
    /// A library holding `samples`, in a scratch folder.
    func library(_ scratch: ScratchDirectory, samples: [String]) async throws -> String {
        let path = "\(scratch.path)/library.sqlite"
        let added = try await NarrateBinary.run(["add", "--library", path] + samples.map(NarrateBinary.sample))
        #expect(added.status == 0, "\(added.standardError)")
        return path
    }

    @Test func rendersInAWorkerProcessWhileItKeepsAnswering() async throws {
        let scratch = try ScratchDirectory()
        // The longest sample: its render takes a while, even in a release build.
        let path = try await library(scratch, samples: ["en-long.txt"])
        let server = try await RunningServer(["--library", path])
        #expect(server.banner.contains("Open http://127.0.0.1:"))
        let asked = try await HTTPExchange.send("POST", "\(server.base)/api/articles/1/render")
        #expect(asked.status == 202)
        // While a worker process renders, the server answers the library and the progress.
        var answeredWhileRendering = 0
        var slowest = 0.0
        var state = "queued"
        var progress: [Double] = []
        let deadline = Date().addingTimeInterval(600)
        while state != "done", state != "failed", Date() < deadline {
            let start = Date()
            let list = try await HTTPExchange.send("GET", "\(server.base)/api/articles")
            let render = try await HTTPExchange.send("GET", "\(server.base)/api/articles/1/render")
            slowest = max(slowest, Date().timeIntervalSince(start))
            #expect(list.status == 200)
            state = render.json["state"] as? String ?? "?"
            if state == "running" || state == "queued" {
                answeredWhileRendering += 1
                if let job = render.json["job"] as? [String: Any], let value = job["progress"] as? Double { progress.append(value) }
            }
            await pause(0.05)
        }
        #expect(state == "done")
        #expect(answeredWhileRendering >= 3, "answered \(answeredWhileRendering) times while rendering; slowest \(slowest) s")
        #expect(progress == progress.sorted(), "progress went back: \(progress)")
        // The audio, in ranges.
        let view = try await HTTPExchange.send("GET", "\(server.base)/api/articles/1")
        let audio = try #require((view.json["render"] as? [String: Any])?["audio"] as? String)
        let part = try await HTTPExchange.send("GET", server.base + audio, headers: ["Range": "bytes=1000-1999"])
        #expect(part.status == 206)
        #expect(part.body.count == 1000)
        // The render is the library's: `narrate play`'s and `position`'s too.
        let position = try await NarrateBinary.run(["position", "1", "--json", "--library", path])
        #expect(position.standardOutput.contains("\"measured\" : true") || position.standardOutput.contains("\"measured\":true"))
        // Stopped gracefully.
        #expect(await server.stop(SIGTERM) == 0)
    }

    /// The listening worker is started with the server (its voice loaded before the first
    /// listener), stays after its render, and takes the next article a listener starts (told
    /// of it at once); it goes with the server.
    @Test func theListeningWorkerStaysForTheNextArticleAndGoesWithTheServer() async throws {
        let scratch = try ScratchDirectory()
        let path = try await library(scratch, samples: ["en-news.txt", "uk-news.txt"])
        let server = try await RunningServer(["--library", path])
        let started = Date().addingTimeInterval(10)
        while workers(of: server.process.processIdentifier).isEmpty, Date() < started { await pause(0.02) }
        let standby = workers(of: server.process.processIdentifier)
        #expect(standby.count == 1, "no listening worker waits before the first listener")
        func render(_ id: Int) async throws {
            #expect(try await HTTPExchange.send("POST", "\(server.base)/api/articles/\(id)/render").status == 202)
            var state = "queued"
            let deadline = Date().addingTimeInterval(120)
            while state != "done", state != "failed", Date() < deadline {
                await pause(0.05)
                state = try await HTTPExchange.send("GET", "\(server.base)/api/articles/\(id)/render").json["state"] as? String ?? "?"
            }
            #expect(state == "done")
        }
        try await render(1)
        let lingering = workers(of: server.process.processIdentifier)
        #expect(lingering == standby, "the worker started with the server should make the render and stay: \(standby), then \(lingering)")
        try await render(2)
        // The same worker made both.
        #expect(workers(of: server.process.processIdentifier) == lingering)
        let library = try ArticleLibrary(location: LibraryLocation(databasePath: path))
        let names = Set(try library.queue.jobs(in: [.done]).compactMap(\.worker))
        #expect(names.count == 1, "renders made by \(names)")
        #expect(await server.stop(SIGTERM) == 0)
        // It went with the server.
        let deadline = Date().addingTimeInterval(10)
        while let pid = lingering.first, kill(pid, 0) == 0, Date() < deadline { await pause(0.05) }
        #expect(lingering.allSatisfy { kill($0, 0) != 0 }, "the listening worker outlived the server")
    }

    /// A worker that leaves (here killed) is reaped at once, not left a zombie (`<defunct>`)
    /// until the next render asks for a worker; the next render starts another.
    @Test func aWorkerThatLeavesIsReapedAtOnce() async throws {
        let scratch = try ScratchDirectory()
        let path = try await library(scratch, samples: ["en-news.txt"])
        let server = try await RunningServer(["--library", path])
        let started = Date().addingTimeInterval(10)
        while workers(of: server.process.processIdentifier).isEmpty, Date() < started { await pause(0.02) }
        let standby = try #require(workers(of: server.process.processIdentifier).first, "no listening worker started")
        #expect(kill(standby, SIGKILL) == 0)
        // Gone from /proc once reaped; a zombie's state there is Z.
        func state(_ pid: Int32) -> String? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return nil }
            return stat[stat.index(end, offsetBy: 2)...].split(separator: " ").first.map(String.init)
        }
        let deadline = Date().addingTimeInterval(10)
        while state(standby) != nil, Date() < deadline { await pause(0.02) }
        #expect(state(standby) == nil, "the killed worker is still in /proc (state \(state(standby) ?? "?")): not reaped")
        #expect(try await HTTPExchange.send("POST", "\(server.base)/api/articles/1/render").status == 202)
        let another = Date().addingTimeInterval(10)
        while workers(of: server.process.processIdentifier).isEmpty, Date() < another { await pause(0.02) }
        #expect(!workers(of: server.process.processIdentifier).isEmpty, "no worker started for the render after the first was gone")
        #expect(await server.stop(SIGTERM) == 0)
    }

    /// The `narrate worker` processes whose parent is `server`.
    func workers(of server: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry), let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8)
            else { return nil }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            let parent = status.split(separator: "\n").first { $0.hasPrefix("PPid:") }.flatMap {
                Int32($0.dropFirst(5).trimmingCharacters(in: .whitespaces))
            }
            return arguments.count > 1 && arguments[1] == "worker" && parent == server ? pid : nil
        }.sorted()
    }

    @Test func theAudioStreamsWhileTheRenderIsMadeAndEqualsTheRender() async throws {
        let scratch = try ScratchDirectory()
        let path = try await library(scratch, samples: ["en-long.txt"])
        let server = try await RunningServer(["--library", path])
        #expect(try await HTTPExchange.send("GET", "\(server.base)/api/articles/1/live").status == 404)
        #expect(try await HTTPExchange.send("POST", "\(server.base)/api/articles/1/render").status == 202)
        // The listening worker spreads the article over every core: `speak-part` helpers.
        let watch = HelperWatch(server: server.process.processIdentifier)
        let live = try await watch.during { try await HTTPExchange.send("GET", "\(server.base)/api/articles/1/live") }
        #expect(live.status == 200)
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(watch.helpersSeen > 0, "the listening render ran in one process")
        }
        #expect(live.headers["content-type"] == "audio/wav")
        // Once finished: the render, the same audio after its header.
        let view = try await HTTPExchange.send("GET", "\(server.base)/api/articles/1")
        let audio = try #require((view.json["render"] as? [String: Any])?["audio"] as? String)
        let render = try await HTTPExchange.send("GET", server.base + audio)
        let data = try #require(render.body.range(of: Data("data".utf8)))
        let length = render.body[data.upperBound..<data.upperBound + 4].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        let audioBytes = render.body[data.upperBound + 4..<data.upperBound + 4 + length]
        #expect(live.body.count == 44 + length)
        #expect(live.body.dropFirst(44) == audioBytes)
        // Asked again once finished: the render itself (URLSession follows the redirect).
        let again = try await HTTPExchange.send("GET", "\(server.base)/api/articles/1/live", headers: ["Range": "bytes=0-99"])
        #expect(again.status == 206)
        _ = await server.stop()
    }

    /// The compressed audio a browser asks for streams as the worker writes it (Ogg pages and
    /// MP3 frames as they are), and is the render's file byte for byte.
    @Test(arguments: [("opus", "audio/ogg"), ("mp3", "audio/mpeg")])
    func theCompressedAudioStreamsAsItIsWrittenAndIsTheRender(_ format: String, _ contentType: String) async throws {
        let scratch = try ScratchDirectory()
        let path = try await library(scratch, samples: ["en-news.txt"])
        let server = try await RunningServer(["--library", path])
        #expect(try await HTTPExchange.send("POST", "\(server.base)/api/articles/1/render?formats=\(format)").status == 202)
        let live = try await HTTPExchange.send("GET", "\(server.base)/api/articles/1/live?formats=\(format)")
        #expect(live.status == 200)
        #expect(live.headers["content-type"] == contentType)
        // The stream (no ranges), not the finished render's file (which seeks).
        #expect(live.headers["accept-ranges"] == "none")
        let view = try await HTTPExchange.send("GET", "\(server.base)/api/articles/1?formats=\(format)")
        let rendered = try #require(view.json["render"] as? [String: Any])
        #expect(rendered["format"] as? String == format)
        let render = try await HTTPExchange.send("GET", server.base + (try #require(rendered["audio"] as? String)))
        #expect(live.body == render.body, "live \(live.body.count) bytes, render \(render.body.count)")
        _ = await server.stop()
    }

    @Test func listenersWhoLeaveMidStreamCostNothing() async throws {
        let scratch = try ScratchDirectory()
        let path = try await library(scratch, samples: ["en-long.txt"])
        let server = try await RunningServer(["--library", path])
        #expect(try await HTTPExchange.send("POST", "\(server.base)/api/articles/1/render").status == 202)
        // Listeners of the stream while it is made, and of the finished render, leave after a few bytes.
        let port = try #require(Int(server.base.split(separator: ":").last ?? ""))
        for _ in 0..<10 { try await abandon(port: port, path: "/api/articles/1/live") }
        // The long sample's render took over a minute under ThreadSanitizer on a loaded machine.
        var state = ""
        let rendered = Date().addingTimeInterval(600)
        while state != "done", Date() < rendered {
            state = try await HTTPExchange.send("GET", "\(server.base)/api/articles/1/render").json["state"] as? String ?? ""
            await pause(0.05)
        }
        let view = try await HTTPExchange.send("GET", "\(server.base)/api/articles/1")
        let audio = try #require((view.json["render"] as? [String: Any])?["audio"] as? String)
        let before = Flood.openFiles(server.process.processIdentifier)
        for _ in 0..<50 { try await abandon(port: port, path: audio) }
        // Every file and socket the abandoned streams held is closed again.
        // A sanitizer's build closes them slowly on a loaded machine; the count stays down once it is.
        var after = Flood.openFiles(server.process.processIdentifier)
        let closed = Date().addingTimeInterval(60)
        while after > before, Date() < closed {
            await pause(0.05)
            after = Flood.openFiles(server.process.processIdentifier)
        }
        #expect(after <= before, "\(before) open files before, \(after) after 50 abandoned streams")
        #expect(try await HTTPExchange.send("GET", "\(server.base)/api/articles").status == 200)
        #expect(await server.stop() == 0)
    }

    /// Asks for `path`, reads the first bytes of the answer (on a thread of its own: the
    /// socket blocks) and hangs up.
    func abandon(port: Int, path: String) async throws {
        let (sent, read) = try await onOwnThread {
            let connection = try RawConnection(port: port)
            return (connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"), connection.read(upTo: 4_096))
        }
        #expect(sent)
        #expect(read > 0)
    }

    @Test func beyondThisMachineEveryRequestNeedsTheTokenPrintedOnce() async throws {
        let scratch = try ScratchDirectory()
        let path = try await library(scratch, samples: ["en-news.txt"])
        var token = ""
        do {
            let server = try await RunningServer(["--host", "0.0.0.0", "--library", path])
            let url = try #require(server.banner.split(separator: " ").first { $0.contains("?token=") })
            token = String(url.split(separator: "=").last ?? "")
            #expect(token.count == 43)
            // The QR code, in half blocks.
            #expect(server.banner.contains("▀") || server.banner.contains("▄"))
            #expect(try await HTTPExchange.send("GET", "\(server.base)/api/articles").status == 401)
            #expect(
                try await HTTPExchange.send("GET", "\(server.base)/api/articles", headers: ["Authorization": "Bearer \(token)"]).status
                    == 200)
            #expect(await server.stop(SIGINT) == 0)
        }
        do {
            // Started again: the same token, not shown again.
            let server = try await RunningServer(["--host", "0.0.0.0", "--library", path])
            #expect(!server.banner.contains("?token="))
            #expect(try await HTTPExchange.send("GET", "\(server.base)/api/articles?token=\(token)").status == 200)
            _ = await server.stop()
        }
        do {
            let server = try await RunningServer(["--host", "0.0.0.0", "--new-token", "--library", path])
            #expect(server.banner.contains("?token="))
            #expect(try await HTTPExchange.send("GET", "\(server.base)/api/articles?token=\(token)").status == 401)
            _ = await server.stop()
        }
    }

    /// On every network, thousands of connections held idle or trickling their heads: each
    /// request of a listener with the token is answered within a second, the server holds no
    /// more than its limit, and its memory stays where one flood left it when a second comes.
    /// Behind a reverse proxy every request comes from this machine: `--public-url` asks every
    /// one for the token and prints the public address; without it, what a proxy passes on is
    /// refused (the hole: a loopback server answered anyone its proxy let in).
    @Test func behindAProxyTheTokenIsAskedWhateverThePeer() async throws {
        let scratch = try ScratchDirectory()
        let path = try await library(scratch, samples: ["en-news.txt"])
        do {
            let server = try await RunningServer(["--library", path])
            let passedOn = try await HTTPExchange.send("GET", "\(server.base)/api/articles", headers: ["X-Forwarded-For": "203.0.113.7"])
            #expect(passedOn.status == 403 && String(decoding: passedOn.body, as: UTF8.self).contains("--public-url"))
            #expect(try await HTTPExchange.send("GET", "\(server.base)/api/articles").status == 200)
            #expect(await server.stop() == 0)
        }
        let server = try await RunningServer(["--public-url", "https://narrate.example.org", "--library", path])
        let opened = try #require(server.banner.split(separator: "\n").first { $0.hasPrefix("Open ") }, "\(server.banner)")
        #expect(opened.hasPrefix("Open https://narrate.example.org/?token="), "\(server.banner)")
        #expect(server.banner.contains("The proxy passes requests on to \(server.base)/"), "\(server.banner)")
        let token = String(opened.split(separator: "=").last?.split(separator: " ").first ?? "")
        #expect(try await HTTPExchange.send("GET", "\(server.base)/api/articles").status == 401)
        let asked = try await HTTPExchange.send(
            "GET", "\(server.base)/api/articles", headers: ["Authorization": "Bearer \(token)", "X-Forwarded-For": "203.0.113.7"])
        #expect(asked.status == 200)
        #expect(await server.stop() == 0)
        do {
            // A name of its own on loopback is a proxy's or another machine's: the token is asked.
            let server = try await RunningServer(["--allowed-host", "narrate.home.example", "--library", path])
            #expect(server.banner.contains("Requests need the library's token"), "\(server.banner)")
            #expect(try await HTTPExchange.send("GET", "\(server.base)/api/articles").status == 401)
            #expect(await server.stop() == 0)
        }
        let bad = try await NarrateBinary.run(["serve", "--public-url", "https://narrate.example.org/narrate", "--library", path])
        #expect(bad.status == 64)
        #expect(bad.errorLines.count == 1 && bad.standardError.contains("--public-url"), "\(bad.standardError)")
    }

    @Test func aFloodOfIdleAndSlowConnectionsLeavesTheListenerServed() async throws {
        let scratch = try ScratchDirectory()
        let path = try await library(scratch, samples: ["en-news.txt"])
        let server = try await RunningServer(["--host", "0.0.0.0", "--library", path])
        let port = try #require(Int(server.base.split(separator: ":").last ?? ""))
        let url = try #require(server.banner.split(separator: " ").first { $0.contains("?token=") })
        let token = String(url.split(separator: "=").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = server.process.processIdentifier
        let listener = ["Host": "127.0.0.1:\(port)", "Authorization": "Bearer \(token)"]
        for _ in 0..<5 {
            #expect(
                try await onOwnThread { try RawConnection.exchange(port: port, "GET", "/api/articles", headers: listener).status } == 200)
        }
        let before = Flood.residentMegabytes(pid)
        // An instrumented server (scripts/sanitize) is slower and keeps freed memory in
        // quarantine: its times get the slowdown, and its memory is not what is measured.
        let slowdown = max(1, Double(ProcessInfo.processInfo.environment["NARRATE_TEST_SLOWDOWN"] ?? "") ?? 1)
        let measuresMemory = slowdown == 1
        // The connections block: held and answered on a thread of the flood's own. No process
        // is started meanwhile: see DescriptorGate.
        let floods = try await onOwnThread {
            try DescriptorGate.holdingManyDescriptors {
                try (0..<2).map { _ in try Flood(port: port, pid: pid, listener: listener, measuresMemory: measuresMemory) }
            }
        }
        for (flood, seen) in floods.enumerated() {
            for (round, answer) in seen.answers.enumerated() {
                #expect(answer.status == 200, "flood \(flood), round \(round): \(answer.status)")
                #expect(answer.took < .seconds(slowdown), "flood \(flood), round \(round) took \(answer.took)")
            }
            // Connections are files: at most the limit of 1,024 and the files kept free.
            #expect(seen.openFiles <= 1_024 + 256, "\(seen.openFiles) files open")
            if measuresMemory {
                #expect(seen.residentDuring <= before + 64, "\(before) MB before, \(seen.residentDuring) MB during flood \(flood)")
            }
            #expect(seen.statusAfter == 200)
        }
        if measuresMemory {
            let afterFloods = floods.map(\.residentAfter)
            #expect(afterFloods[1] <= afterFloods[0] + 8, "resident memory after the floods: \(afterFloods) MB, \(before) MB before")
        }
        #expect(await server.stop() == 0)
    }

    @Test func aTakenPortIsOneLineAndExit69() async throws {
        let scratch = try ScratchDirectory()
        let path = try await library(scratch, samples: ["en-news.txt"])
        let server = try await RunningServer(["--library", path])
        let port = try #require(server.base.split(separator: ":").last)
        let second = try await NarrateBinary.run(["serve", "--port", String(port), "--library", path])
        #expect(second.status == 69)
        #expect(second.errorLines.count == 1, "\(second.standardError)")
        #expect(second.standardError.contains("cannot listen on 127.0.0.1:\(port)"))
        let badPort = try await NarrateBinary.run(["serve", "--port", "70000", "--library", path])
        #expect(badPort.status == 64)
        #expect(badPort.errorLines.count == 1)
        // The terminal closing (SIGHUP) stops it as SIGTERM does.
        #expect(await server.stop(SIGHUP) == 0)
    }
}

/// Looks in /proc, every few milliseconds while some work runs, for `narrate speak-part`
/// helpers (the processes that speak the later runs of a spread narration) of a server's
/// workers, not of other tests' narrations.
final class HelperWatch: @unchecked Sendable {
    private let server: Int32
    private let lock = NSLock()
    private var seen = Set<Int32>()
    private var watching = true

    init(server: Int32) {
        self.server = server
    }

    /// How many different helpers were seen.
    var helpersSeen: Int { lock.withLock { seen.count } }

    /// The result of `body`, with /proc watched on a thread of its own while it runs.
    func during<Value>(_ body: () async throws -> Value) async rethrows -> Value {
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            while lock.withLock({ watching }) {
                let helpers = helpers()
                lock.withLock { seen.formUnion(helpers) }
                Thread.sleep(forTimeInterval: 0.002)
            }
            finished.signal()
        }
        defer {
            lock.withLock { watching = false }
            // The watching thread looks every 2 ms: it is let go at once.
            finished.wait()
        }
        return try await body()
    }

    /// The helpers running now whose narration (`--parent`) is a worker of the server.
    private func helpers() -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry), let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard arguments.count > 3, arguments[1] == "speak-part", arguments[2] == "--parent",
                let status = try? String(contentsOfFile: "/proc/\(arguments[3])/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("PPid:") }),
                Int32(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) == server
            else { return nil }
            return pid
        }
    }
}

/// One flood of a server from strangers: connections opened and held (some with half a
/// request), and what a listener got meanwhile. Blocking: made on a thread of its own.
struct Flood: Sendable {
    /// Each of the listener's ten requests during the flood: its status and how long it took.
    var answers: [(status: Int, took: Duration)] = []
    /// The server's open files and resident memory (MiB) at the flood's height.
    var openFiles = 0
    var residentDuring = 0
    /// The listener's status once the strangers are gone, and the server's memory then.
    var statusAfter = 0
    var residentAfter = 0

    init(port: Int, pid: Int32, listener: [String: String], measuresMemory: Bool) throws {
        var held: [RawConnection] = []
        // Fewer under a sanitizer, enough still for strangers to be evicted (768 may stay).
        for index in 0..<(measuresMemory ? 2_500 : 1_000) {
            let connection = try RawConnection(port: port)
            if index % 10 == 0 { connection.send("GET /api/articles HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthor") }
            held.append(connection)
        }
        for _ in 0..<10 {
            let started = ContinuousClock.now
            let answer = try RawConnection.exchange(port: port, "GET", "/api/articles", headers: listener, waiting: 5)
            answers.append((answer.status, ContinuousClock.now - started))
            for _ in 0..<50 { held.append(try RawConnection(port: port)) }
        }
        openFiles = Self.openFiles(pid)
        residentDuring = Self.residentMegabytes(pid)
        held.removeAll()
        Thread.sleep(forTimeInterval: 0.5)
        statusAfter = try RawConnection.exchange(port: port, "GET", "/api/articles", headers: listener).status
        residentAfter = Self.residentMegabytes(pid)
    }

    /// The open files of process `pid`.
    static func openFiles(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// The resident memory of process `pid`, in MiB.
    static func residentMegabytes(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1_024
    }
}
