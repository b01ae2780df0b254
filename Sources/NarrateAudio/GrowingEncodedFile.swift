import Foundation

/// A compressed audio file another process is still writing (Ogg Opus, MP3), read from its
/// start as it grows: these formats are streams of pages or frames, so what is written is
/// already playable as it stands and a stream of it needs no header of its own. The file
/// stays readable when the writer renames it into place.
public final class GrowingEncodedFile: GrowingAudio {
    /// Bytes read so far.
    public private(set) var bytesRead = 0

    private let descriptor: Int32

    /// Opens `path`; nil while it is missing or empty (the writer has not begun).
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Nothing: the file's own start is the stream's.
    public func streamHeader() -> [UInt8] { [] }

    /// The bytes written since the last call, at most `limit`; empty when nothing new was.
    public func readAvailable(limit: Int = 65_536) -> [UInt8] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return [] }
        let wanted = min(limit, Int(status.st_size) - bytesRead)
        guard wanted > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: wanted)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(bytesRead)) }
        guard count > 0 else { return [] }
        bytesRead += count
        return Array(bytes.prefix(count))
    }
}
