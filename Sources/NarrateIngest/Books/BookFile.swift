import NarrateCore

/// A book's file (an EPUB or a PDF) as the readers that read it in walks open it: stamped,
/// so a change while it is read is told, and its first bytes read to tell what it is.
enum BookFile {
    /// The stamp of the file at `path` and its first `count` bytes; refused as a book too
    /// large to read (`InputLimits.bookBytes`) before anything is read. `name` names it in
    /// errors.
    static func open(_ path: String, name: String, headCount count: Int) throws(NarrateError) -> (stamp: FileContents.Stamp, head: [UInt8])
    {
        do {
            return (try FileContents.stamp(of: path, limit: InputLimits.bookBytes), try FileContents.head(of: path, count: count))
        } catch {
            if error.isTooLarge { throw .inputTooLarge(path: name, limit: InputLimits.bookBytes, kind: "a book") }
            throw .inputUnavailable(path: name, reason: error.reason)
        }
    }

    /// Refuses the file at `path` (named `name`) unless it still has `stamp`.
    static func checkUnchanged(_ path: String, stamp: FileContents.Stamp, name: String) throws(NarrateError) {
        guard (try? FileContents.stamp(of: path)) == stamp else {
            throw .inputUnavailable(path: name, reason: "it changed while it was being read; add it again once it is written")
        }
    }
}
