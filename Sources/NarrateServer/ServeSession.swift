import Foundation
import NarrateBatch
public import NarrateCore
public import NarrateLibrary
import NarrateSpread
import Synchronization

/// One run of `narrate serve`, as a front end starts it: the token settled (made on first use
/// beyond this machine, replaced when asked), worker processes of narrate's own executable
/// for renders, the server run until SIGINT or SIGTERM, and what to tell the user once it
/// listens.
public struct ServeSession: Sendable {
    let settings: ServerSettings
    let library: ArticleLibrary
    let executable: String
    let environment: [String: String]
    /// The voices installed, for the voice picker.
    let engine: @Sendable () throws(NarrateError) -> any SpeechEngine
    /// Whether the token was made now (it is shown only then).
    let tokenIsNew: Bool
    /// Whether the feeds' secret was made now (their private addresses are shown only then).
    let feedSecretIsNew: Bool

    /// A session on `host`:`port` over `library`; `replaceToken` makes a new token and
    /// `replaceFeedSecret` a new secret for the private feeds' addresses; `allowedHosts` are
    /// the names besides this machine's that requests may give; `publicAddress`, the one
    /// listeners reach it by through a reverse proxy (every request then needs the token);
    /// `tls`, the certificate it speaks HTTPS with itself. `executable` is narrate's own, started as `narrate worker` for renders.
    public init(
        host: String, port: Int, library: ArticleLibrary, replaceToken: Bool, replaceFeedSecret: Bool = false,
        allowedHosts: [String] = [], publicAddress: PublicAddress? = nil, tls: ServerTLS? = nil, executable: String?,
        environment: [String: String],
        engine: @escaping @Sendable () throws(NarrateError) -> any SpeechEngine
    ) throws(NarrateError) {
        self.engine = engine
        guard let executable else {
            throw NarrateError(
                WorkerStartError(executable: "narrate", reason: "cannot find this program's own path to start render workers"))
        }
        var settings = ServerSettings(
            host: host, port: port, location: library.location,
            allowedHosts: .forServer(listeningOn: host, names: allowedHosts + (publicAddress.map { [$0.host] } ?? [])),
            publicAddress: publicAddress, tls: tls
        )
        var tokenIsNew = false
        // Behind a proxy every request comes from this machine: only the token tells who asks.
        // A name of its own (--allowed-host) on loopback is a proxy's or another machine's.
        let asksToken = !ServerSettings.isLoopback(host) || publicAddress != nil || !allowedHosts.isEmpty
        if asksToken || replaceToken {
            let (token, created) = try ServerToken.obtain(library: library, replace: replaceToken)
            if asksToken { settings.token = token }
            tokenIsNew = created
        }
        let (feedSecret, feedSecretIsNew) = try FeedSecret.obtain(library: library, replace: replaceFeedSecret)
        settings.feedSecret = feedSecret
        if let seconds = environment["NARRATE_FEED_REFRESH"].flatMap(Double.init), seconds >= 0.2 {
            settings.feedRefreshSeconds = seconds
        }
        self.settings = settings
        self.feedSecretIsNew = feedSecretIsNew && (replaceFeedSecret || asksToken)
        self.library = library
        self.executable = executable
        self.environment = environment
        self.tokenIsNew = tokenIsNew
    }

    /// Serves until SIGINT or SIGTERM, telling `announce` where it listens; the
    /// render worker it started is stopped on the way out. An address it cannot listen on is
    /// `.cannotListen`. Awaited: the server runs on its event loops, no thread waits for it.
    public func run(announce: @escaping @Sendable (ServeListening) -> Void) async throws(NarrateError) {
        let workers = ProcessRenderWorkers(executable: executable, libraryPath: library.location.databasePath)
        let server = NarrateServer(settings: settings, library: library, workers: workers, environment: environment, engine: engine)
        let settings = settings
        let tokenIsNew = tokenIsNew
        let feedSecretIsNew = feedSecretIsNew
        defer { workers.stop() }
        do {
            try await server.run { port in
                announce(Self.listening(settings, port: port, tokenIsNew: tokenIsNew, feedSecretIsNew: feedSecretIsNew))
                // Listening: the listening worker is started, its voice loaded, before the first listener.
                workers.startStandby()
            }
        } catch {
            throw NarrateError(ListenError(address: "\(settings.host):\(settings.port)", reason: Self.reason(error)))
        }
    }

    /// Where to open the player and find the feeds, once listening on `port`.
    static func listening(_ settings: ServerSettings, port: Int, tokenIsNew: Bool, feedSecretIsNew: Bool = false) -> ServeListening {
        let showsToken = settings.token != nil && tokenIsNew
        return ServeListening(
            libraryPath: settings.location.databasePath, addresses: settings.urls(port: port, includingToken: showsToken),
            requiresToken: settings.token != nil, tokenIsNew: tokenIsNew, showsToken: showsToken,
            site: String(settings.urls(port: port, includingToken: false)[0].dropLast()),
            newFeedSecret: settings.token != nil && feedSecretIsNew ? settings.feedSecret : nil,
            proxiedTo: settings.publicAddress == nil
                ? nil
                : ServerSettings(host: settings.host, location: settings.location, tls: settings.tls).urls(
                    port: port, includingToken: false)[0]
        )
    }

    /// The system's words for why listening failed.
    static func reason(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("Address already in use") { return "the address is in use by another program" }
        if text.contains("Cannot assign requested address") { return "the address is not this machine's" }
        if text.contains("Permission denied") { return "permission denied (ports below 1024 need root)" }
        return text
    }
}
