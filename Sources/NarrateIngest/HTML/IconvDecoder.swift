import NarrateSystem

/// Converts bytes in one encoding to text through an iconv conversion handle, which it owns
/// and closes when it goes away.
///
/// Never fails on bad input: an undecodable unit becomes U+FFFD and conversion goes on after
/// it, so arbitrary bytes always produce text.
final class IconvDecoder {
    private let handle: iconv_t
    private let encoding: WebEncoding

    /// Opens a conversion from `encoding` to UTF-8, or nil when this system's iconv lacks it
    /// (a minimal container without glibc's gconv modules, for instance).
    init?(_ encoding: WebEncoding) {
        let handle = iconv_open("UTF-8", encoding.iconvName)
        guard let handle, Int(bitPattern: handle) != -1 else { return nil }
        self.handle = handle
        self.encoding = encoding
    }

    deinit {
        iconv_close(handle)
    }

    /// The text `bytes` encode. NUL bytes come through as U+0000: nothing here is a C string.
    func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2 + 16)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        bytes.withUnsafeBufferPointer { input in
            chunk.withUnsafeMutableBufferPointer { chunk in
                guard let inputBase = input.baseAddress, let chunkBase = chunk.baseAddress else { return }
                // iconv takes `char **` but never writes through the input pointer.
                var inPointer: UnsafeMutablePointer<CChar>? =
                    UnsafeMutableRawPointer(mutating: inputBase).assumingMemoryBound(to: CChar.self)
                var inLeft = input.count
                while inLeft > 0 {
                    var outPointer: UnsafeMutablePointer<CChar>? =
                        UnsafeMutableRawPointer(chunkBase).assumingMemoryBound(to: CChar.self)
                    var outLeft = chunk.count
                    let result = iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft)
                    let failure = result == -1 ? errno : 0
                    if outLeft < chunk.count { output.append(contentsOf: chunk[0..<(chunk.count - outLeft)]) }
                    guard result == -1, inLeft > 0, let next = inPointer else { continue }
                    switch failure {
                    case E2BIG:
                        continue
                    case EINVAL:
                        // A sequence cut off by the end of the input.
                        output.append(contentsOf: [0xEF, 0xBF, 0xBD]) // U+FFFD
                        inLeft = 0
                    default:
                        // EILSEQ: iconv stopped at a unit it cannot decode; replace it, step over it.
                        let byte = UInt8(bitPattern: next.pointee)
                        if encoding.mapsUndefinedC1Bytes, (0x80...0x9F).contains(byte) {
                            output.append(0xC2)
                            output.append(byte)
                        } else {
                            output.append(contentsOf: [0xEF, 0xBF, 0xBD]) // U+FFFD
                        }
                        let skipped = min(encoding.unitLength, inLeft)
                        inPointer = next + skipped
                        inLeft -= skipped
                    }
                }
                // Return to the initial shift state; stateless encodings write nothing here.
                var outPointer: UnsafeMutablePointer<CChar>? =
                    UnsafeMutableRawPointer(chunkBase).assumingMemoryBound(to: CChar.self)
                var outLeft = chunk.count
                if iconv(handle, nil, nil, &outPointer, &outLeft) != -1 {
                    output.append(contentsOf: chunk[0..<(chunk.count - outLeft)])
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
