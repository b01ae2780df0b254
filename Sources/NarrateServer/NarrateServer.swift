import Foundation
public import Hummingbird
import Logging
public import NarrateLibrary
import NIOCore
import UnixSignals

/// `narrate serve`: the web player and its JSON API over one library, with Hummingbird 2.
/// A second front end over the same use cases as the command line: articles are read,
/// positions kept and renders asked for through `Narration` and the library; renders are
/// made by worker processes (`RenderWorkers`), never in the server.
public struct NarrateServer: Sendable {
    public let settings: ServerSettings
    let work: LibraryWork
    let workers: any RenderWorkers
    let environment: [String: String]

    /// A server over `library`, rendering with `workers`; `environment` decides language
    /// detection of added articles as it does on the command line.
    public init(settings: ServerSettings, library: ArticleLibrary, workers: any RenderWorkers, environment: [String: String] = [:]) {
        self.settings = settings
        work = LibraryWork(library: library)
        self.workers = workers
        self.environment = environment
    }

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

    /// The router: error answers outermost, then access, then the static files and routes.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let pages = PageRoutes(work: work, settings: settings, publicFolder: Self.publicFolder)
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: AccessMiddleware(token: settings.token))
        var staticLogger = Logger(label: "narrate.static")
        staticLogger.logLevel = .warning
        router.add(middleware: pages.staticFiles(logger: staticLogger))
        let verified = VerifiedRenders()
        LibraryRoutes(work: work, workers: workers, environment: environment, verified: verified).add(to: router)
        let audio = AudioRoute(work: work, verified: verified)
        audio.add(to: router)
        let renderAhead = renderAhead
        FeedRoutes(work: work, settings: settings, audio: audio, cache: FeedCache(), followed: { await renderAhead.look() }).add(to: router)
        LiveAudioRoute(work: work, workers: workers).add(to: router)
        pages.add(to: router)
        return router
    }

    /// The application, told the port it listens on once it does.
    public func application(onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        var logger = Logger(label: "narrate.serve")
        logger.logLevel = .warning
        return Application(
            router: router(),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "narrate"),
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
