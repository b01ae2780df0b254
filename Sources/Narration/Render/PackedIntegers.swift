import Foundation

/// Integers packed small for a job's result: each as its difference from a reference the
/// reader knows (the value it follows), zigzag-encoded (small negative differences stay
/// small) in LEB128 varints, seven bits a byte. Differences wrap, so any Int64 comes back.
struct PackedIntegers {
    /// The bytes so far.
    private(set) var data = Data()

    /// Appends `value` as its difference from `reference`.
    mutating func append(_ value: Int64, after reference: Int64) {
        let difference = value &- reference
        var zigzag = UInt64(bitPattern: (difference << 1) ^ (difference >> 63))
        while zigzag >= 0x80 {
            data.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
            zigzag >>= 7
        }
        data.append(UInt8(zigzag))
    }

    /// Reads the values back, given the same references.
    struct Reader {
        private let bytes: [UInt8]
        private var offset = 0

        init(_ data: Data) {
            bytes = [UInt8](data)
        }

        /// Whether every value was read.
        var isAtEnd: Bool { offset >= bytes.count }

        /// The next value, whose reference is `reference`; nil when the bytes end inside it or
        /// it runs past 64 bits.
        mutating func next(after reference: Int64) -> Int64? {
            var zigzag: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                zigzag |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 {
                    let difference = Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
                    return reference &+ difference
                }
                shift += 7
            }
            return nil
        }
    }
}
