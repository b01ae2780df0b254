internal import CNarrateSndFile
public import NarrateCore

/// Reads the samples of an audio file through libsndfile, as 16-bit mono, from any frame:
/// the player and `narrate resume` start in the middle of a render.
public final class AudioFileReader {
    /// The file.
    public let path: String
    /// Samples per second.
    public let sampleRate: Int
    /// Frames in the file.
    public let frames: Int
    private let file: OpaquePointer

    /// Opens `path`; a file that libsndfile cannot read, or that is not mono, is
    /// `.inputUnavailable`.
    public init(path: String) throws(NarrateError) {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw .inputUnavailable(path: path, reason: String(cString: sf_strerror(nil)).lowercased())
        }
        guard info.channels == 1 else {
            sf_close(file)
            throw .inputUnavailable(path: path, reason: "has \(info.channels) channels; narrate's renders are mono")
        }
        self.path = path
        self.file = file
        self.sampleRate = Int(info.samplerate)
        self.frames = Int(info.frames)
    }

    deinit {
        sf_close(file)
    }

    /// Moves to `frame` (clamped to the file).
    public func seek(to frame: Int) throws(NarrateError) {
        guard sf_seek(file, sf_count_t(min(max(0, frame), frames)), SEEK_SET) >= 0 else {
            throw .inputUnavailable(path: path, reason: "cannot seek: " + String(cString: sf_strerror(file)))
        }
    }

    /// Every frame from where the reader is to the end (a short render, a test's file).
    public func readAll() -> [Int16] {
        var all: [Int16] = []
        var buffer: [Int16] = []
        repeat {
            read(65_536, into: &buffer)
            all += buffer
        } while !buffer.isEmpty
        return all
    }

    /// Reads up to `count` frames into `buffer` (resized to what was read); an empty buffer
    /// means the end.
    public func read(_ count: Int, into buffer: inout [Int16]) {
        buffer.removeAll(keepingCapacity: true)
        guard count > 0 else { return }
        buffer = [Int16](unsafeUninitializedCapacity: count) { pointer, initialized in
            let read = sf_readf_short(file, pointer.baseAddress, sf_count_t(count))
            initialized = max(0, Int(read))
        }
    }
}
