import Foundation
import NarrateTestSupport
import Testing

/// HTTPS requests as a client that trusts a test's own certificate authority makes them:
/// the curl command (URLSession on Linux cannot be told to trust one authority).
enum Curl {
    static let isInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")

    /// GETs `url` trusting `authority`, with `headers` ("Name: value") and any other curl
    /// `arguments` (`--resolve`, `-i`): the status and what came back. It retries while the
    /// server is not yet listening.
    static func get(_ url: String, trusting authority: String, headers: [String] = [], arguments: [String] = []) async throws -> (
        status: Int, body: String
    ) {
        let run = try await NarrateBinary.run(
            [
                "-sS", "--retry", "20", "--retry-connrefused", "--retry-delay", "0", "--max-time", "30", "--cacert", authority,
                "-w", "\n%{http_code}",
            ] + arguments + headers.flatMap { ["-H", $0] } + [url],
            executable: "/usr/bin/curl")
        #expect(run.status == 0, "curl \(url): \(run.standardError)")
        let status = Int(run.standardOutput.split(separator: "\n").last ?? "") ?? 0
        return (status, String(run.standardOutput.dropLast(String(status).count)))
    }
}
