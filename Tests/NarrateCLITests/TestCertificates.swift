import Foundation
import NarrateTestSupport
import Testing

/// A certificate authority of a test's own, made with the openssl command, and a server
/// certificate it signed for `narrate.test`, `localhost` and 127.0.0.1: what a listener makes
/// once at home (docs/listening.md) and installs on the phone, as curl and Chromium are told
/// to trust it here.
struct TestCertificates {
    /// The authority's certificate, to trust (`curl --cacert`).
    let authority: String
    /// The server's certificate and its private key (`--tls-cert`, `--tls-key`).
    let certificate: String
    let key: String

    static let hasOpenSSL = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    /// Makes them in `scratch` (named after `name`, so that a test can make two sets).
    init(in scratch: ScratchDirectory, name: String = "server") async throws {
        let folder = scratch.path
        authority = "\(folder)/\(name)-ca.pem"
        certificate = "\(folder)/\(name).pem"
        key = "\(folder)/\(name).key"
        let names = try scratch.write("\(name).ext", text: "subjectAltName=DNS:narrate.test,DNS:localhost,IP:127.0.0.1\n")
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let steps: [[String]] = [
            ["req", "-x509"] + curve + [
                "-keyout", "\(folder)/\(name)-ca.key", "-out", authority, "-days", "2", "-subj", "/CN=narrate test CA",
            ],
            ["req"] + curve + ["-keyout", key, "-out", "\(folder)/\(name).csr", "-subj", "/CN=narrate.test"],
            [
                "x509", "-req", "-in", "\(folder)/\(name).csr", "-CA", authority, "-CAkey", "\(folder)/\(name)-ca.key",
                "-CAcreateserial", "-out", certificate, "-days", "2", "-extfile", names,
            ],
        ]
        for step in steps {
            let run = try await NarrateBinary.run(step, executable: "/usr/bin/openssl")
            try #require(run.status == 0, "openssl \(step.joined(separator: " ")): \(run.standardError)")
        }
    }
}
