import NarrateCore
import Foundation

/// Copies a finished file to standard output (`render -o -` streams the cached render).
enum StandardOutputCopy {
    /// Writes the file at `path` to standard output; a closed pipe or a full disk is
    /// `.writeFailed`.
    static func copy(file path: String) throws(NarrateError) {
        guard let input = FileHandle(forReadingAtPath: path) else {
            throw .inputUnavailable(path: path, reason: "cannot read the render")
        }
        defer { try? input.close() }
        do {
            while let chunk = try input.read(upToCount: 1 << 16), !chunk.isEmpty {
                try FileHandle.standardOutput.write(contentsOf: chunk)
            }
        } catch {
            throw .writeFailed(path: "standard output", reason: error.localizedDescription)
        }
    }
}
