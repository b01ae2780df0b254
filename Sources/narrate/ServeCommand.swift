import ArgumentParser
import Foundation
import NarrateCore
import NarrateLibrary
import NarrateServer
import Synchronization

/// `narrate serve`: the web player over the library, until Ctrl-C (or SIGTERM).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the library as a web player (word highlighting, positions across devices) and a JSON API.",
        discussion: """
            Listens on 127.0.0.1:8080 by default. On any other address every request needs the library's token: \
            it is made on first use and printed once, in the address to open (and as a QR code for a phone).
            """
    )

    @Option(help: "The address to listen on (127.0.0.1: this machine only; 0.0.0.0: every network, with a token).")
    var host = "127.0.0.1"

    @Option(help: "The port (0: one the system picks).")
    var port = 8080

    @Flag(help: "Replace the library's token: addresses given before stop working.")
    var newToken = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535: got \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host is empty: give an address such as 127.0.0.1") }
    }

    func run() throws {
        do throws(NarrateError) {
            let library = try libraryOptions.open()
            let loopback = ServerSettings.isLoopback(host)
            var settings = ServerSettings(host: host, port: port, location: library.location)
            var tokenIsNew = false
            if !loopback || newToken {
                let (token, created) = try ServerToken.obtain(library: library, replace: newToken)
                if !loopback { settings.token = token }
                tokenIsNew = created
            }
            guard let executable = ExecutablePath.current() else {
                throw .cannotStartWorker(executable: "narrate", reason: "cannot find this program's own path to start render workers")
            }
            let workers = ProcessRenderWorkers(executable: executable, libraryPath: library.location.databasePath)
            let server = NarrateServer(settings: settings, library: library, workers: workers, environment: NarrateEnvironment.variables())
            let shown = settings
            let showToken = tokenIsNew
            let failure = Mutex<(any Error)?>(nil)
            let finished = DispatchSemaphore(value: 0)
            Task {
                do {
                    try await server.run { port in Self.announce(shown, port: port, showToken: showToken) }
                } catch {
                    failure.withLock { $0 = error }
                }
                finished.signal()
            }
            finished.wait()
            workers.stop()
            if let error = failure.withLock({ $0 }) {
                throw NarrateError.cannotListen(address: "\(host):\(port)", reason: Self.reason(error))
            }
        } catch {
            ErrorReporter.fail(error)
        }
    }

    /// Prints where to open the player: with the token (and its QR code) when it was just made.
    private static func announce(_ settings: ServerSettings, port: Int, showToken: Bool) {
        var lines = ["narrate serve: the library \(settings.location.databasePath)"]
        if settings.token == nil {
            lines.append("Open \(settings.url(port: port, includingToken: false))  (Ctrl-C stops)")
            if showToken { lines.append("A new token is stored; it is asked for only when serving beyond this machine (--host).") }
        } else if showToken {
            let url = settings.url(port: port, includingToken: true)
            lines.append("Open \(url)  (Ctrl-C stops)")
            lines.append("This address holds the library's token, shown only now: keep it (narrate serve --new-token replaces it).")
            if let code = TerminalQRCode.lines(for: url) { lines += code }
        } else {
            lines.append("Open \(settings.url(port: port, includingToken: false))  (Ctrl-C stops)")
            lines.append("Requests need the library's token, given when it was made; narrate serve --new-token makes a new one.")
        }
        print(lines.joined(separator: "\n"))
        ErrorReporter.finishStandardOutput()
    }

    /// The system's words for why listening failed.
    private static func reason(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("Address already in use") { return "the address is in use by another program" }
        if text.contains("Cannot assign requested address") { return "the address is not this machine's" }
        if text.contains("Permission denied") { return "permission denied (ports below 1024 need root)" }
        return text
    }
}
