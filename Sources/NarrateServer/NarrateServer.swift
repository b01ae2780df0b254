import Foundation
public import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
public import NarrateBatch
public import NarrateCore
public import NarrateLibrary
import NarrateSystem
import UnixSignals

/// `narrate serve`: the web player and its JSON API over one library, with Hummingbird 2.
/// A second front end over the same use cases as the command line: articles are read,
/// positions kept and renders asked for through the use-case modules and the library; renders are
/// made by worker processes (`RenderWorkers`), never in the server.
public struct NarrateServer: Sendable {
    public let settings: ServerSettings
    let work: LibraryWork
    let workers: any RenderWorkers
    let environment: [String: String]
    /// The voices installed, for an article page's voice picker (the server lists and checks
    /// voices; it never speaks with them).
    let engine: @Sendable () throws(NarrateError) -> any SpeechEngine
    /// The connections its application holds.
    let budget: ConnectionBudget

    /// A server over `library`, rendering with `workers`; `environment` decides language
    /// detection of added articles as it does on the command line; `engine` gives the voices
    /// installed (started on first use: when a page asks which voices it may pick).
    public init(
        settings: ServerSettings, library: ArticleLibrary, workers: any RenderWorkers, environment: [String: String] = [:],
        engine: @escaping @Sendable () throws(NarrateError) -> any SpeechEngine
    ) {
        self.settings = settings
        self.engine = engine
        work = LibraryWork(library: library)
        self.workers = workers
        self.environment = environment
        budget = ConnectionBudget(limits: settings.connectionLimits.fitting(openFiles: OpenFileLimit.raised()))
    }

    /// Connections the system may hold for the server before it takes them (the kernel caps it
    /// at `net.core.somaxconn`). With Hummingbird's 256 a burst of connections filled the queue
    /// and a listener's connection waited a second for its retry; with 4,096 it waited behind
    /// thousands of a flood's (0.65 s in a debug build). 1,024 is between.
    static let backlog = 1_024

    /// The folder of the pages' files and the OpenAPI document.
    public static var publicFolder: String {
        Bundle.module.url(forResource: "Public", withExtension: nil)?.path ?? Bundle.module.bundlePath + "/Public"
    }

    /// What renders the followed feeds' episodes ahead.
    var renderAhead: FeedRenderAhead {
        var logger = Logger(label: "narrate.feeds")
        logger.logLevel = .warning
        return FeedRenderAhead(work: work, workers: workers, interval: settings.feedRefreshSeconds, logger: logger)
    }

    /// The router: requests for another host refused first, then error answers, paths no
    /// route should see, access, then the static files and routes.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let pages = PageRoutes(work: work, settings: settings, publicFolder: Self.publicFolder)
        router.add(middleware: HostMiddleware(hosts: settings.allowedHosts))
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: PathMiddleware())
        router.add(
            middleware: AccessMiddleware(
                token: settings.token, secureCookie: settings.publicAddress?.isSecure ?? (settings.tls != nil),
                publicOrigin: settings.publicAddress?.origin
            ))
        var staticLogger = Logger(label: "narrate.static")
        staticLogger.logLevel = .warning
        router.add(middleware: pages.staticFiles(logger: staticLogger))
        let verified = VerifiedRenders()
        LibraryRoutes(work: work, workers: workers, environment: environment, verified: verified, engine: engine).add(to: router)
        let audio = AudioRoute(work: work, verified: verified)
        audio.add(to: router)
        let renderAhead = renderAhead
        FeedRoutes(work: work, settings: settings, audio: audio, cache: FeedCache(), followed: { await renderAhead.look() }).add(to: router)
        LiveAudioRoute(work: work, workers: workers).add(to: router)
        UpNextRoutes(work: work).add(to: router)
        AppRoutes().add(to: router)
        pages.add(to: router)
        return router
    }

    /// The application, told the port it listens on once it does. Every connection is
    /// watched by a `ConnectionGuard` counting in the server's `ConnectionBudget`, within the
    /// open files the process may have (its limit raised to the most allowed first).
    /// Over HTTPS when the settings have a certificate (`ServerTLS`).
    public func application(onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        var logger = Logger(label: "narrate.serve")
        logger.logLevel = .warning
        let budget = self.budget
        let token = settings.token
        let hosts = settings.allowedHosts
        // Request heads are small (a cookie, a token); 80 KiB, Hummingbird's default, is room
        // for a stranger to hold on every connection.
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionGuard(budget: budget, token: token, hosts: hosts)],
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 16_384, maxHeaderListSize: 32_768, maxHeaderFieldCount: 100)
        )
        let server: HTTPServerBuilder =
            try settings.tls.map { try .tls(.http1(configuration: http), tlsConfiguration: $0.configuration) }
            ?? .http1(configuration: http)
        return Application(
            router: router(),
            server: server,
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "narrate", backlog: Self.backlog),
            services: [renderAhead],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? settings.port) },
            logger: logger
        )
    }

    /// Serves until SIGINT, SIGTERM or SIGHUP (the terminal closed), then stops gracefully:
    /// requests in flight are answered, the listening socket closed.
    public func run(onRunning: @escaping @Sendable (_ port: Int) async -> Void) async throws {
        try await application(onRunning: onRunning).runService(gracefulShutdownSignals: [.sigterm, .sigint, .sighup])
    }
}
