/// The text of a web page and the character set it was read in.
public struct DecodedPage: Sendable, Equatable {
    /// The decoded text, byte-order mark removed; undecodable bytes appear as U+FFFD.
    public var text: String
    /// The canonical lower-case WHATWG name of the encoding actually used, e.g. "utf-8",
    /// "windows-1251" or "koi8-u" (a page declaring "iso-8859-1" reports "windows-1252").
    public var charset: String

    /// A page with `text` read in `charset`.
    public init(text: String, charset: String) {
        self.text = text
        self.charset = charset
    }
}
