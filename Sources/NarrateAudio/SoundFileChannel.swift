internal import CNarrateSndFile
import Foundation
import NarrateCore
import NarrateSystem
import Synchronization

/// Connects libsndfile to an `OutputFile` so that every byte it writes is checked.
///
/// libsndfile drops some write errors: its encoders (LAME, libvorbis, libopus) ignore what
/// their page and frame writes return, and `sf_close` does not report a failure of the last
/// bytes it flushes. So narrate does the writing itself: a file is opened through
/// libsndfile's virtual I/O, whose write callback is narrate's checked write; a stream is
/// given to libsndfile as a pipe (so it writes the streamable form of the format: no seeks,
/// no header rewritten at the end), which a thread of its own copies into the output with
/// checked writes. Standard output redirected to a regular file (`-o - > talk.mp3`) is
/// written through virtual I/O too, from where the file's offset stands, so it gets the
/// seekable form (an MP3's gapless header, FLAC's length). The first failure is kept and
/// reported by `failure`.
final class SoundFileChannel: @unchecked Sendable {
    /// The libsndfile handle (set once open).
    private(set) var handle: OpaquePointer?
    private let output: OutputFile
    private let failureReason = Mutex<String?>(nil)
    private var copier: Thread?
    private let copierDone = NSCondition()
    private var copierEnded = false
    private var readEnd: Int32 = -1
    /// Where the audio starts in the descriptor (standard output may be part way into a file).
    private var base: off_t = 0

    /// Opens libsndfile for writing `info` into `output`. Throws `.cannotCreateOutput` (with
    /// libsndfile's reason) when it refuses.
    /// `forceStream` writes the streamed form even to a file (playback into a redirect).
    init(output: OutputFile, info: inout SF_INFO, forceStream: Bool = false) throws(NarrateError) {
        self.output = output
        var opened: OpaquePointer?
        if !forceStream, let offset = Self.seekableOffset(of: output) {
            base = offset
            var callbacks = SF_VIRTUAL_IO(
                get_filelen: { context in SoundFileChannel.channel(context).length() },
                seek: { offset, whence, context in SoundFileChannel.channel(context).seek(offset, whence) },
                read: { buffer, count, context in SoundFileChannel.channel(context).read(buffer, count) },
                write: { buffer, count, context in SoundFileChannel.channel(context).write(buffer, count) },
                tell: { context in SoundFileChannel.channel(context).seek(0, SEEK_CUR) }
            )
            // Only libsndfile holds the pointer, and only while this channel lives.
            opened = sf_open_virtual(&callbacks, Int32(SFM_WRITE), &info, Unmanaged.passUnretained(self).toOpaque())
        } else {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                throw .cannotCreateOutput(path: output.displayPath, reason: String(cString: strerror(errno)))
            }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            // libsndfile closes the write end in sf_close, which ends the copy.
            opened = sf_open_fd(ends[1], Int32(SFM_WRITE), &info, 1)
            if opened == nil {
                try? SystemCall.close(ends[0])
                try? SystemCall.close(ends[1])
            } else {
                readEnd = ends[0]
            }
        }
        guard let opened else {
            throw .cannotCreateOutput(path: output.displayPath, reason: String(cString: sf_strerror(nil)))
        }
        handle = opened
        if readEnd >= 0 { startCopier() }
    }

    /// The first write that failed, as `strerror` says it; nil while all went well.
    var failure: String? {
        failureReason.withLock { $0 }
    }

    /// Closes libsndfile (which writes the format's last bytes) and waits for a stream's
    /// copy to end; the first failure, if any.
    func finish() -> String? {
        guard let handle else { return failure }
        self.handle = nil
        let status = sf_close(handle)
        waitForCopier()
        if let failure { return failure }
        return status == 0 ? nil : String(cString: sf_error_number(status))
    }

    private func record(_ reason: String) {
        failureReason.withLock { if $0 == nil { $0 = reason } }
    }

    // MARK: Virtual I/O on a file

    private static func channel(_ context: UnsafeMutableRawPointer?) -> SoundFileChannel {
        Unmanaged<SoundFileChannel>.fromOpaque(context!).takeUnretainedValue()
    }

    /// Where writing starts when the output can be written through virtual I/O: the
    /// temporary file, or standard output that is a regular file not opened for appending.
    static func seekableOffset(of output: OutputFile) -> off_t? {
        switch output.target.kind {
        case .file:
            return 0
        case .standardOutput:
            var status = stat()
            guard fstat(output.descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                fcntl(output.descriptor, F_GETFL) & O_APPEND == 0
            else { return nil }
            let offset = lseek(output.descriptor, 0, SEEK_CUR)
            return offset >= 0 ? offset : nil
        case .characterDevice, .fifo, .socket:
            return nil
        }
    }

    private func length() -> sf_count_t {
        var status = stat()
        return fstat(output.descriptor, &status) == 0 ? sf_count_t(status.st_size - base) : -1
    }

    private func seek(_ offset: sf_count_t, _ whence: Int32) -> sf_count_t {
        let position = lseek(output.descriptor, off_t(offset) + (whence == SEEK_SET ? base : 0), whence)
        return position < 0 ? -1 : sf_count_t(position - base)
    }

    private func read(_ buffer: UnsafeMutableRawPointer?, _ count: sf_count_t) -> sf_count_t {
        guard let buffer else { return 0 }
        // What was read before a failure is given, as a short read.
        var total = 0
        while total < Int(count) {
            let rest = UnsafeMutableRawBufferPointer(start: buffer + total, count: Int(count) - total)
            guard let got = try? SystemCall.read(output.descriptor, into: rest), got > 0 else { break }
            total += got
        }
        return sf_count_t(total)
    }

    private func write(_ buffer: UnsafeRawPointer?, _ count: sf_count_t) -> sf_count_t {
        guard failure == nil, let buffer else { return 0 }
        do {
            try output.write(UnsafeRawBufferPointer(start: buffer, count: Int(count)))
            return count
        } catch {
            record(Self.reason(of: error))
            return 0
        }
    }

    // MARK: Copying a stream

    private func startCopier() {
        let thread = Thread { [self] in copy() }
        thread.name = "narrate output"
        copier = thread
        thread.start()
    }

    private func copy() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { try? SystemCall.read(readEnd, into: $0) }
            guard let count, count > 0 else { break }
            // After a failure the rest is read and dropped, so libsndfile never blocks on a
            // full pipe; the writer sees the failure at its next block.
            guard failure == nil else { continue }
            do {
                try output.write(chunk[..<count])
            } catch {
                record(Self.reason(of: error))
            }
        }
        try? SystemCall.close(readEnd)
        copierDone.lock()
        copierEnded = true
        copierDone.broadcast()
        copierDone.unlock()
    }

    private func waitForCopier() {
        guard copier != nil else { return }
        copierDone.lock()
        while !copierEnded { copierDone.wait() }
        copierDone.unlock()
        copier = nil
    }

    static func reason(of error: NarrateError) -> String {
        if case .writeFailed(_, let reason) = error { return reason }
        if case .streamWriteFailed(_, let reason) = error { return reason }
        return error.description
    }
}
