import Foundation
import NarrateCore

/// A folder of the system's temporary files that an archived export's articles are
/// unpacked into, one file each, so that an import holds one article in memory at a time;
/// removed with everything in it when the last link that reads from it is gone.
public final class UnpackedExport: Sendable, Equatable {
    /// The folder.
    public let path: String

    /// A new, empty folder in `$TMPDIR` (else /tmp).
    init() throws(NarrateError) {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/narrate-export-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .cannotCreateOutput(path: base, reason: "cannot make a folder to unpack the export's articles into")
        }
        path = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    public static func == (left: UnpackedExport, right: UnpackedExport) -> Bool { left === right }
}
