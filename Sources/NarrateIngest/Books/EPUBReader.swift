import Foundation
public import NarrateCore

/// Reads an EPUB book (2 or 3) into one document: its chapters in the spine's reading order,
/// each read whole with the HTML reader (a book has nothing to extract), each starting with
/// a heading titled as the table of contents titles it (the navigation document, else the
/// NCX), so chapters, split files and podcast chapters follow the book's own. The title,
/// authors, language and date come from the package document.
///
/// Refused with one line, nothing read: a file that is not a zip container, a container
/// without its package document, a spine naming a file the book does not have, a book whose
/// content is encrypted (DRM), and a book whose text expands beyond `InputLimits.bookTextBytes`.
/// Pictures and fonts are passed over unread, so a large illustrated book costs its text.
public struct EPUBReader: Sendable {
    /// Reads each chapter.
    public var htmlReader: HTMLReader

    /// Creates a reader.
    public init(htmlReader: HTMLReader = HTMLReader()) {
        self.htmlReader = htmlReader
    }

    /// Reads the EPUB in `bytes` whole; `name` names it in errors. The source the document's
    /// maps point into is its chapters' markup, one after another, each ended by a line break.
    /// (A book added to the library is read a chapter at a time instead: `book(_:name:)`.)
    public func read(_ bytes: [UInt8], name: String) throws(NarrateError) -> (document: Document, source: String) {
        let book = try book(bytes, name: name)
        var document = book.head
        var source = ""
        try book.forEachChapter { chapter in
            document.blocks += chapter.blocks
            source += chapter.markup
        }
        return (document, source)
    }

    /// Opens the EPUB in `bytes` to be read a chapter at a time; `name` names it in errors.
    public func book(_ bytes: [UInt8], name: String) throws(NarrateError) -> EPUBBook {
        try EPUBBook(bytes: bytes, name: name, htmlReader: htmlReader)
    }

    /// The cover image (JPEG or PNG bytes) the EPUB in `bytes` names in its package
    /// document; nil when it names none, or the book cannot be read.
    public static func cover(of bytes: [UInt8], name: String) -> [UInt8]? {
        (try? EPUBBook(bytes: bytes, name: name))?.cover()
    }
}
