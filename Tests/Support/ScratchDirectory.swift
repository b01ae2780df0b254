import Foundation

/// A temporary directory for one test, removed when the test ends.
public final class ScratchDirectory: Sendable {
    /// The directory's path.
    public let path: String

    /// Creates an empty directory in the temporary folder.
    public init() throws {
        path = NSTemporaryDirectory() + "narrate-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `bytes` to `name` inside the directory and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = "\(path)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes `text` as UTF-8.
    @discardableResult
    public func write(_ name: String, text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    /// Every entry, hidden ones included.
    public func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}
