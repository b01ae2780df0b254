import Foundation
import NarrateCore

/// Integers packed small for a job's result: each as its difference from a reference the
/// reader knows (the value it follows), zigzag-encoded (small negative differences stay
/// small) in LEB128 varints, seven bits a byte. Differences wrap, so any Int64 comes back.
struct PackedIntegers {
    /// The bytes so far.
    private(set) var data = Data()

    /// Appends `value` as its difference from `reference`.
    mutating func append(_ value: Int64, after reference: Int64) {
        let difference = value &- reference
        data.append(contentsOf: Varint.bytes(UInt64(bitPattern: (difference << 1) ^ (difference >> 63))))
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
            guard let zigzag = Varint.read(bytes, at: &offset) else { return nil }
            let difference = Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
            return reference &+ difference
        }
    }
}
