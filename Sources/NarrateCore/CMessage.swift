/// Text a C function wrote into a buffer narrate gave it (an error message), up to its NUL.
public enum CMessage {
    /// The UTF-8 text in `buffer` before its first NUL (all of it when there is none).
    public static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
