internal import CNarrateDigest

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

    /// The system's cryptography library cannot be loaded, or refuses an algorithm: narrate
    /// cannot run at all (it knows articles, models and feeds again by their digests).
    public struct Unavailable: Error, CustomStringConvertible {
        /// The algorithm refused (the first tried when the library cannot be loaded).
        public var algorithm: Algorithm

        public init(algorithm: Algorithm) {
            self.algorithm = algorithm
        }

        public var description: String {
            "the system's cryptography library (OpenSSL 3's libcrypto.so.3) cannot be loaded or refuses \(algorithm)"
        }
    }

    private let algorithm: Algorithm
    private var digest: OpaquePointer?

    /// Checks that every algorithm can be made: a front end does it once, before anything
    /// else, and says so in its own way when it cannot (a system without libcrypto.so.3,
    /// OpenSSL 3, which Debian and Ubuntu ship as libssl3 or libssl3t64).
    public static func checkAvailable() throws(Unavailable) {
        for algorithm in [Algorithm.sha256, .sha1, .md5] {
            guard let started = narrate_digest_start(algorithm.rawValue) else { throw Unavailable(algorithm: algorithm) }
            _ = narrate_digest_finish(started, nil)
        }
    }

    /// Starts a digest; the library must be there (`checkAvailable()`).
    public init(_ algorithm: Algorithm) {
        self.algorithm = algorithm
        guard let started = narrate_digest_start(algorithm.rawValue) else {
            preconditionFailure("\(Unavailable(algorithm: algorithm)), and the front end did not check it first")
        }
        digest = started
    }

    deinit {
        if let digest { _ = narrate_digest_finish(digest, nil) }
    }

    /// Adds `bytes`; not after `finalize()`.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let digest else { preconditionFailure("MessageDigest.update after finalize") }
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        // The library refuses only for want of memory: no digest could be trusted then.
        precondition(narrate_digest_add(digest, base, bytes.count) == 0, "the \(algorithm) digest failed")
    }

    /// The digest of what was added; once (the digest is then done).
    public func finalize() -> [UInt8] {
        guard let digest else { preconditionFailure("MessageDigest.finalize called twice") }
        self.digest = nil
        var out = [UInt8](repeating: 0, count: Int(narrate_digest_size(algorithm.rawValue)))
        let outcome = out.withUnsafeMutableBufferPointer { narrate_digest_finish(digest, $0.baseAddress) }
        precondition(outcome == 0, "the \(algorithm) digest failed")
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
