import NarrateCore
import Foundation

/// Replacing a file whole: the content goes to a temporary file beside it, which is renamed
/// into place only when complete, so a reader never sees half a file.
enum AtomicFile {
    /// Writes `destination` through `fill`, which is given the temporary path to create;
    /// `what` names the content in the error when `fill` fails.
    static func replace(_ destination: String, what: String, fill: (String) throws -> Void) throws(NarrateError) {
        let directory = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        let temporary = "\(directory.isEmpty ? "." : directory)/.\(name).\(UUID().uuidString.prefix(8)).tmp"
        do {
            try fill(temporary)
        } catch {
            unlink(temporary)
            throw .cannotCreateOutput(path: destination, reason: "cannot write \(what)")
        }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotCreateOutput(path: destination, reason: reason)
        }
    }
}
