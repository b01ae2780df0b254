import NarrateCore
import Testing

/// Digests from the system's library, against the published test vectors (FIPS 180 for
/// SHA-256 and SHA-1, RFC 1321 for MD5).
@Suite("Message digests")
struct MessageDigestTests {
    @Test func theKnownVectorsAreMade() {
        let abc = Array("abc".utf8)
        #expect(
            MessageDigest.hex(MessageDigest.hash(.sha256, of: abc)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(MessageDigest.hex(MessageDigest.hash(.sha1, of: abc)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(MessageDigest.hex(MessageDigest.hash(.md5, of: abc)) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(
            MessageDigest.hex(MessageDigest.hash(.sha256, of: [])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// Bytes added a piece at a time make the digest of them all at once.
    @Test func piecesMakeTheDigestOfTheWhole() {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for algorithm in [MessageDigest.Algorithm.sha256, .sha1, .md5] {
            let digest = MessageDigest(algorithm)
            var start = 0
            for size in [1, 63, 64, 65, 4_096, 95_000] where start < bytes.count {
                let end = min(bytes.count, start + size)
                bytes[start..<end].withUnsafeBytes { digest.update($0) }
                start = end
            }
            bytes[start...].withUnsafeBytes { digest.update($0) }
            #expect(digest.finalize() == MessageDigest.hash(algorithm, of: bytes), "\(algorithm)")
        }
    }
}
