import Foundation
import NarrateTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `narrate serve` running as a user starts it, on a port the system picks, with the
/// address it printed.
final class RunningServer {
    let process: Process
    /// `http://127.0.0.1:PORT` (`https` when it was given a certificate).
    let base: String
    /// Everything it printed before it was ready.
    let banner: String
    private let output: Pipe

    /// Starts `narrate serve --port 0 ARGUMENTS` (with `environment` added to the test's)
    /// and waits (up to 60 s) for its address and the feed's line after it, reading what it
    /// prints on a thread of its own.
    init(_ arguments: [String], environment: [String: String] = [:], standardError: Any? = nil) async throws {
        let output = Pipe()
        self.output = output
        let process = try await NarrateBinary.start(
            ["serve", "--port", "0"] + arguments, environment: environment, standardOutput: output, standardError: standardError
        )
        self.process = process
        let text = try await onOwnThread {
            var text = ""
            let deadline = Date().addingTimeInterval(60)
            let handle = output.fileHandleForReading
            while Date() < deadline, process.isRunning, !(text.contains("Ctrl-C stops") && text.contains("Podcast feed")) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        banner = text
        guard let range = text.range(of: #"https?://[^/ ]+:\d+"#, options: .regularExpression) else {
            process.terminate()
            throw ServeError.noAddress(text)
        }
        // Printed with this machine's network address when it listens on every one: reached on 127.0.0.1.
        let scheme = text[range].hasPrefix("https:") ? "https" : "http"
        base = "\(scheme)://127.0.0.1:" + (text[range].split(separator: ":").last.map(String.init) ?? "")
    }

    enum ServeError: Error { case noAddress(String) }

    /// Asks for the listening render of `article` in `formats` and waits (up to 10 minutes)
    /// for its worker to finish it.
    func render(article: Int, formats: String) async throws {
        let render = "\(base)/api/articles/\(article)/render?formats=\(formats)"
        _ = try await HTTPExchange.send("POST", render)
        let deadline = Date().addingTimeInterval(600)
        var state: String?
        repeat {
            state = try await HTTPExchange.send("GET", render).json["state"] as? String
            if state != "done" { await pause(0.2) }
        } while state != "done" && state != "failed" && Date() < deadline
        #expect(state == "done", "article \(article)'s render in \(formats) is \(state ?? "unknown")")
    }

    /// Stops it with `signal` and returns its exit status.
    func stop(_ signal: Int32 = SIGTERM) async -> Int32 {
        kill(process.processIdentifier, signal)
        let status = await process.exited()
        try? output.fileHandleForReading.close()
        return status
    }

    deinit {
        // Only when a test failed before it stopped the server: killed at once, so nothing
        // waits here (no await in a deinit) for a graceful end.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// One HTTP exchange with a server on this machine.
struct HTTPExchange {
    var status: Int
    var headers: [String: String]
    var body: Data

    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }

    /// `method url` with `headers` and `body`, waiting up to 30 s.
    static func send(
        _ method: String = "GET", _ url: String, headers: [String: String] = [:], body: String? = nil
    ) async throws -> HTTPExchange {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.timeoutInterval = 30
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        // URLSession's completion handler, as the tests used it before they were async, waited
        // for on a thread of its own. (A full run with the async `data(for:)` crashed in
        // Foundation's Process.run as with a thousand open descriptors, see DescriptorGate;
        // whether it was the cause is not known.)
        let sent = request
        return try await onOwnThread {
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var result: Result<HTTPExchange, any Error> = .failure(URLError(.timedOut))
            session.dataTask(with: sent) { data, response, error in
                if let error {
                    result = .failure(error)
                } else if let response = response as? HTTPURLResponse {
                    var fields: [String: String] = [:]
                    for (name, value) in response.allHeaderFields { fields["\(name)".lowercased()] = "\(value)" }
                    result = .success(HTTPExchange(status: response.statusCode, headers: fields, body: data ?? Data()))
                }
                done.signal()
            }.resume()
            done.wait()
            return try result.get()
        }
    }
}
