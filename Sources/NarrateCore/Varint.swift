/// LEB128 varints, seven bits a byte, least significant first, the high bit set on every
/// byte but the last: how protocol buffers (a voice's ONNX model) and narrate's packed job
/// results write integers.
public enum Varint {
    /// Appends `value`'s bytes to `bytes`.
    public static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// `value`'s bytes.
    public static func bytes(_ value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return bytes
    }

    /// The varint at `position` in `bytes`, `position` moved past it; nil when the bytes end
    /// inside it or it runs past 64 bits.
    public static func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at position: inout Bytes.Index) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.endIndex, shift < 64 {
            let byte = bytes[position]
            bytes.formIndex(after: &position)
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
