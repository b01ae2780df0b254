import ArgumentParser
import NarrateCore
import NarratePiper
import NarrateServer
import NarrateTerminal

/// `narrate serve`: the web player over the library, until Ctrl-C (or SIGTERM).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the library as a web player (word highlighting, positions across devices) and a JSON API.",
        discussion: """
            Listens on 127.0.0.1:8080 by default. On any other address every request needs the library's token: \
            it is made on first use and printed once, in the address to open (and as a QR code for a phone). \
            Behind a reverse proxy, give the address listeners open with --public-url: every request then needs \
            the token too (a request a proxy passes on is refused without it). With --tls-cert and --tls-key it \
            speaks HTTPS itself, which a phone's browser needs to keep articles for offline listening.
            Podcast apps subscribe to /feed.xml, /feeds/tag/TAG.xml, /feeds/unfinished.xml or \
            /feeds/search/WORDS.xml (?format=opus|ogg); beyond this machine at the private address \
            /podcast/SECRET/feed.xml, which the library page shows. The episodes of a feed podcast apps \
            follow are rendered ahead while the server runs.
            """
    )

    @Option(help: "The address to listen on (127.0.0.1: this machine only; 0.0.0.0: every network, with a token).")
    var host = "127.0.0.1"

    @Option(help: "The port (0: one the system picks).")
    var port = 8080

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "A name besides this machine's addresses and localhost that browsers may reach the server by (repeatable): "
                + "NAME, NAME:PORT, or .NAME for the name and every name under it. Every request then needs the token.",
            valueName: "name"
        )
    )
    var allowedHosts: [String] = []

    @Option(
        name: .customLong("public-url"),
        help: ArgumentHelp(
            "The address listeners open when a reverse proxy (Caddy, nginx) passes requests on: every request then needs the token.",
            valueName: "url"
        )
    )
    var publicURL: String?

    @Option(
        name: .customLong("tls-cert"),
        help: ArgumentHelp(
            "Serve over HTTPS with this certificate (PEM, the chain after it), for offline listening on a phone; with --tls-key.",
            valueName: "file"
        )
    )
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The certificate's private key (PEM, not encrypted).", valueName: "file"))
    var tlsKey: String?

    @Flag(help: "Replace the library's token: addresses given before stop working.")
    var newToken = false

    @Flag(help: "Replace the secret in the podcast feeds' private addresses: podcast apps given them stop getting episodes.")
    var newFeedSecret = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535: got \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host is empty: give an address such as 127.0.0.1") }
        for name in allowedHosts {
            if let problem = AllowedHosts.problem(with: name) { throw ValidationError("--allowed-host: \(problem)") }
        }
        if let publicURL, let problem = PublicAddress.problem(with: publicURL) { throw ValidationError("--public-url: \(problem)") }
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together: give the certificate and its private key")
        }
    }

    func run() async throws {
        let publicAddress = try publicURL.map { url in
            guard let address = PublicAddress(url) else {
                throw ValidationError("--public-url: `\(url)` is not an address narrate can serve at")
            }
            return address
        }
        var tls: ServerTLS?
        if let tlsCertificate, let tlsKey { tls = try ServerTLS(certificatePath: tlsCertificate, keyPath: tlsKey) }
        let session = try ServeSession(
            host: host, port: port, library: try libraryOptions.open(), replaceToken: newToken, replaceFeedSecret: newFeedSecret,
            allowedHosts: allowedHosts, publicAddress: publicAddress, tls: tls,
            executable: ExecutablePath.current(),
            environment: NarrateEnvironment.variables(),
            engine: { () throws(NarrateError) -> any SpeechEngine in try VoiceEngines.shared() }
        )
        try await session.run { listening in
            print(ServeAnnouncement.lines(listening).joined(separator: "\n"))
            ErrorReporter.finishStandardOutput()
        }
    }
}
