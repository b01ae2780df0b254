/// Converts UTF-8 byte offsets in a text into Unicode scalar offsets, cheaply when asked in
/// increasing order (as a document is read): it walks on from the last answer.
struct ScalarOffsets {
    private let utf8: [UInt8]
    private var byte = 0
    private var scalar = 0

    init(_ text: String) {
        utf8 = Array(text.utf8)
    }

    mutating func scalarOffset(ofByte target: Int) -> Int {
        let target = min(max(0, target), utf8.count)
        if target < byte {
            byte = 0
            scalar = 0
        }
        while byte < target {
            // Continuation bytes (10xxxxxx) do not start a scalar.
            if utf8[byte] & 0xC0 != 0x80 { scalar += 1 }
            byte += 1
        }
        // A target inside a scalar counts that scalar as begun.
        return scalar
    }
}
