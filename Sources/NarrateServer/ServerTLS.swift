import Foundation
import NIOSSL
public import NarrateCore

/// The certificate and private key `narrate serve` speaks HTTPS with (`--tls-cert`,
/// `--tls-key`): read and checked when the server starts, so that a missing file, a file that
/// is not PEM or a key that is not the certificate's is told before anything listens.
///
/// Browsers give a page the service worker, and so offline listening, only in a secure
/// context: HTTPS, or this machine. A phone on the home network reaches narrate over HTTPS
/// with this, or through a reverse proxy that speaks it (`PublicAddress`).
public struct ServerTLS: Sendable {
    /// The certificate file as given (PEM: the server's certificate, then any intermediates).
    public let certificatePath: String
    /// The private key file as given (PEM, not encrypted).
    public let keyPath: String
    /// What Hummingbird's TLS channel is made with.
    let configuration: TLSConfiguration

    /// The most a certificate chain or key file may hold: real ones are a few KiB.
    static let largestFile = 1 << 20

    /// Reads and checks the certificate chain at `certificatePath` and the key at `keyPath`.
    /// A file that cannot be read is `.inputUnavailable`; one that is not what it should be,
    /// or a key that does not belong to the certificate, `.malformedInput`.
    public init(certificatePath: String, keyPath: String) throws(NarrateError) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(try Self.read(certificatePath, what: "certificate"))
        } catch let error as NarrateError {
            throw error
        } catch {
            throw .malformedInput(
                path: certificatePath, message: "not a PEM certificate (-----BEGIN CERTIFICATE-----); give the server's certificate chain")
        }
        guard !chain.isEmpty else {
            throw .malformedInput(
                path: certificatePath, message: "no certificate in it (-----BEGIN CERTIFICATE-----); give the server's certificate chain")
        }
        let keyBytes = try Self.read(keyPath, what: "private key")
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem)
        } catch {
            let encrypted = String(decoding: keyBytes.prefix(4_096), as: UTF8.self).contains("ENCRYPTED")
            throw .malformedInput(
                path: keyPath,
                message: encrypted
                    ? "the private key is encrypted; narrate cannot ask for its passphrase: decrypt it with `openssl pkey -in KEY -out KEY.plain`"
                    : "not a PEM private key (-----BEGIN PRIVATE KEY-----); give the key the certificate was made for")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        do {
            // The context checks that the key is the certificate's.
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .malformedInput(
                path: keyPath,
                message: "this private key is not the one of the certificate \(certificatePath); give the key it was made with")
        }
        self.configuration = configuration
    }

    /// The bytes of the file at `path`, `what` naming it in errors.
    private static func read(_ path: String, what: String) throws(NarrateError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path)
                ? "cannot read the \(what) file (permission denied?)" : "no such \(what) file"
            throw .inputUnavailable(path: path, reason: reason)
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: largestFile + 1) ?? Data()
        } catch {
            throw .inputUnavailable(path: path, reason: "cannot read the \(what) file: \(error.localizedDescription)")
        }
        guard data.count <= largestFile else { throw .inputTooLarge(path: path, limit: largestFile, kind: "a \(what)") }
        return [UInt8](data)
    }
}
