internal import CNarrateSndFile
public import NarrateCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams 16-bit mono audio into a file through libsndfile, crash-safely.
///
/// Audio goes to a temporary file beside the destination (`.NAME.XXXXXX.tmp`) whose header
/// libsndfile rewrites after every write, so even a killed process leaves a playable file.
/// Samples are gathered into blocks of `bufferFrames` (about 1.5 s at 22,050 Hz) before they
/// go to libsndfile: a write per engine chunk costs a header update and several system calls
/// each, which made narrate spend 10% more wall time than espeak-ng on I/O alone.
/// `commit()` moves it into place; `discard()` (or dropping an uncommitted writer) removes
/// it. The destination is never touched before `commit()`.
public final class AudioFileWriter: AudioSink {
    /// Where the file ends up.
    public let destination: String
    /// Samples per second.
    public let sampleRate: Int
    /// The file format.
    public let format: AudioFileFormat
    /// The temporary file being written.
    public let temporaryPath: String
    /// Samples written so far.
    public private(set) var framesWritten = 0

    /// Samples gathered before each write to the file.
    public static let bufferFrames = 32_768

    private let overwrite: Bool
    private var file: OpaquePointer?
    private var pending: [Int16] = []
    private var finished = false

    /// Opens a temporary file beside `destination`.
    ///
    /// Throws `.outputExists` when `destination` exists and `overwrite` is false, and
    /// `.cannotCreateOutput` when the directory is missing or not writable.
    public init(destination: String, sampleRate: Int, format: AudioFileFormat = .wav, overwrite: Bool) throws(NarrateError) {
        self.destination = destination
        self.sampleRate = sampleRate
        self.format = format
        self.overwrite = overwrite

        var status = stat()
        if stat(destination, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR {
                throw .cannotCreateOutput(path: destination, reason: "it is a directory")
            }
            if !overwrite { throw .outputExists(path: destination) }
        }
        let (directory, name) = Self.split(destination)
        var template = Array("\(directory)/.\(name).XXXXXX.tmp".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else {
            throw .cannotCreateOutput(path: destination, reason: Self.systemError())
        }
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        guard let handle = sf_open_fd(descriptor, Int32(SFM_WRITE), &info, 1) else {
            let reason = String(cString: sf_strerror(nil))
            close(descriptor)
            unlink(temporaryPath)
            throw .cannotCreateOutput(path: destination, reason: reason)
        }
        file = handle
        pending.reserveCapacity(Self.bufferFrames)
        // Keep the header valid after every write, so an interrupted file still plays.
        sf_command(handle, Int32(SFC_SET_UPDATE_HEADER_AUTO), nil, Int32(SF_TRUE))
    }

    deinit {
        if !finished { discard() }
    }

    /// Seconds of audio written so far.
    public var duration: Double {
        Double(framesWritten) / Double(sampleRate)
    }

    /// Appends samples. Throws `.writeFailed` when the file system refuses them.
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard file != nil, !samples.isEmpty else { return }
        if pending.count + samples.count > Self.bufferFrames { try flush() }
        if samples.count >= Self.bufferFrames {
            try writeToFile(samples)
        } else {
            pending.append(contentsOf: samples)
        }
        framesWritten += samples.count
    }

    /// Appends `count` samples of silence.
    public func writeSilence(samples count: Int) throws {
        guard file != nil else { return }
        var remaining = count
        while remaining > 0 {
            if pending.count == Self.bufferFrames { try flush() }
            let step = min(remaining, Self.bufferFrames - pending.count)
            pending.append(contentsOf: repeatElement(0, count: step))
            remaining -= step
        }
        framesWritten += count
    }

    /// Writes the gathered samples to the file, whose header is then up to date.
    public func flush() throws(NarrateError) {
        guard !pending.isEmpty else { return }
        try pending.withUnsafeBufferPointer { buffer throws(NarrateError) in try writeToFile(buffer) }
        pending.removeAll(keepingCapacity: true)
    }

    private func writeToFile(_ samples: UnsafeBufferPointer<Int16>) throws(NarrateError) {
        guard let file, let base = samples.baseAddress else { return }
        errno = 0
        let written = sf_write_short(file, base, sf_count_t(samples.count))
        guard written == sf_count_t(samples.count) else {
            throw .writeFailed(path: destination, reason: Self.writeError(file))
        }
    }

    /// Finishes the file and moves it to `destination`.
    ///
    /// Without `overwrite`, the move fails with `.outputExists` if something appeared at the
    /// destination meanwhile (the link is atomic, so nothing is clobbered).
    public func commit() throws(NarrateError) {
        guard !finished, let handle = file else { return }
        do {
            try flush()
        } catch {
            discard()
            throw error
        }
        file = nil
        let closeStatus = sf_close(handle)
        guard closeStatus == 0 else {
            finished = true
            unlink(temporaryPath)
            throw .writeFailed(path: destination, reason: String(cString: sf_error_number(closeStatus)))
        }
        if overwrite {
            guard rename(temporaryPath, destination) == 0 else {
                let reason = Self.systemError()
                discard()
                throw .cannotCreateOutput(path: destination, reason: reason)
            }
        } else if link(temporaryPath, destination) == 0 {
            unlink(temporaryPath)
        } else {
            let code = errno
            if code == EEXIST {
                discard()
                throw .outputExists(path: destination)
            }
            // File systems without hard links: check, then rename.
            var status = stat()
            guard stat(destination, &status) != 0, rename(temporaryPath, destination) == 0 else {
                let exists = stat(destination, &status) == 0
                let reason = Self.systemError()
                discard()
                throw exists ? .outputExists(path: destination) : .cannotCreateOutput(path: destination, reason: reason)
            }
        }
        finished = true
    }

    /// Closes and removes the temporary file; the destination is left as it was.
    public func discard() {
        if let handle = file {
            sf_close(handle)
            file = nil
        }
        if !finished {
            unlink(temporaryPath)
            finished = true
        }
    }

    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }

    private static func writeError(_ file: OpaquePointer) -> String {
        let code = errno
        let libraryMessage = String(cString: sf_strerror(file))
        return code != 0 ? String(cString: strerror(code)) : libraryMessage
    }
}
