/// Text that a date is read from with Foundation's formatters: feeds, exports, HTTP headers,
/// all written by someone else.
public enum DateText {
    /// Whether `text` may be handed to Foundation's `DateFormatter`: ASCII only, as every date
    /// format narrate reads is written. On Linux the formatter stops the process ("Incorrect
    /// range") when ICU reads part of a text whose characters and UTF-16 units differ in
    /// number (a combining mark after a digit), so other text is no date without asking it.
    public static func isReadable(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }
}
