import ArgumentParser
import NarrateFetch
import NarrateSystem

/// How a command that fetches many pages does it (`subscribe`, `refresh`, `import`).
struct FetchOptions: ParsableArguments {
    @Option(help: "Requests at once (at most 2 to one host).")
    var jobs = 8

    @Option(help: "Seconds one request may take, redirects and body included.")
    var timeout = 30.0

    func validate() throws {
        if !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
        if !(timeout > 0 && timeout <= 3600) { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    }

    /// The fetcher these options ask for; a Ctrl-C gives up the fetches in flight at once.
    var fetcher: PageFetcher { PageFetcher(timeout: timeout, isCancelled: { Interruption.isRequested }) }
}
