internal import CNarrateDigest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A message digest (SHA-256, SHA-1 or MD5) made by the system's cryptography library:
/// OpenSSL's libcrypto on Linux (opened on first use; every Debian system has it), CommonCrypto
/// on macOS. narrate hashes articles, models and feed bodies to know them again, never to keep
/// a secret, so it needs no cryptography library of its own.
public final class MessageDigest {
    /// What digest to make.
    public enum Algorithm: Int32, Sendable {
        case sha256 = 0
        case sha1 = 1
        case md5 = 2
    }

    private let algorithm: Algorithm
    private var digest: OpaquePointer?

    /// Starts a digest. A system without the library (libcrypto.so.3, Debian's libssl3) cannot
    /// run narrate at all: it is said in one line and the process ends (exit 69).
    public init(_ algorithm: Algorithm) {
        self.algorithm = algorithm
        guard let started = narrate_digest_start(algorithm.rawValue) else {
            let line = "narrate: the system's cryptography library (OpenSSL's libcrypto.so.3) cannot be loaded; install it with `apt-get install libssl3`\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            exit(69)
        }
        digest = started
    }

    deinit {
        if let digest { _ = narrate_digest_finish(digest, nil) }
    }

    /// Adds `bytes`.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let digest, let base = bytes.baseAddress else { return }
        _ = narrate_digest_add(digest, base, bytes.count)
    }

    /// The digest of what was added; the digest is then done (more bytes are not taken).
    public func finalize() -> [UInt8] {
        guard let digest else { return [] }
        self.digest = nil
        var out = [UInt8](repeating: 0, count: Int(narrate_digest_size(algorithm.rawValue)))
        _ = out.withUnsafeMutableBufferPointer { narrate_digest_finish(digest, $0.baseAddress) }
        return out
    }

    /// The digest of `bytes`.
    public static func hash(_ algorithm: Algorithm, of bytes: [UInt8]) -> [UInt8] {
        let digest = MessageDigest(algorithm)
        bytes.withUnsafeBytes { digest.update($0) }
        return digest.finalize()
    }

    /// `bytes` in lower-case hexadecimal.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
