import Foundation

/// The tests' writers of books and documents (Tests/Support/make_epub.py, make_pdf.py): a
/// Python script given a JSON description on its standard input.
enum WriterScript {
    /// Runs `script` on `description`, from a thread of its own; throws when it fails.
    static func run(_ script: String, description: [String: Any]) async throws {
        let input = try JSONSerialization.data(withJSONObject: description)
        let status = try await onOwnThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script]
            let pipe = Pipe()
            process.standardInput = pipe
            try DescriptorGate.launch(process)
            try pipe.fileHandleForWriting.write(contentsOf: input)
            try pipe.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus
        }
        guard status == 0 else {
            let name = (script as NSString).lastPathComponent
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(name) failed (exit \(status))"])
        }
    }
}
