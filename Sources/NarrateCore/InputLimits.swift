/// The most narrate reads at once, so that its memory is bounded by these, never by what a
/// stranger sends: an input over a limit is refused before it is read whole
/// (`NarrateError.inputTooLarge`, exit 65), and text is cut where it would make a sentence or
/// a word nobody could listen to.
public enum InputLimits {
    /// Bytes of one article as saved: a file, standard input, a page fetched, a feed item's
    /// content, an export's content file (16 MiB; War and Peace is 3.2 MB of text, a long web
    /// page a few MB of HTML).
    public static let articleBytes = 16 << 20
    /// Bytes of one book as saved (an EPUB: 256 MiB; its pictures are most of a large one,
    /// and they are passed over unread).
    public static let bookBytes = 256 << 20
    /// Bytes a book's text expands to, all its chapters together (256 MiB; a 300,000-word
    /// book is some 3 MB of XHTML): beyond it, a zip bomb is refused rather than read.
    public static let bookTextBytes = 256 << 20
    /// Bytes of one export or list file: a CSV, JSON or bookmarks file, an OPML list, one of
    /// Omnivore's metadata files (64 MiB; 100,000 Omnivore entries are 19 MB).
    public static let exportBytes = 64 << 20
    /// Bytes of one feed document fetched (20 MiB: a feed of 100,000 items' titles and links
    /// is about 12 MB).
    public static let feedBytes = 20 << 20
    /// Characters of one sentence: a longer one (text without sentence ends) is cut, at a
    /// clause's end or a space, into sentences of at most this many (about 160 words, a
    /// minute of speech).
    public static let sentenceCharacters = 1_000
    /// Characters of one word as it is spoken: a longer run without spaces (a hash, a base64
    /// blob, a 1 MB "word") is spoken as its first this many characters.
    public static let wordCharacters = 100
}
