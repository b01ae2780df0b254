internal import CNarrateSndFile
import Foundation

/// Hands blocks of samples to libsndfile on a thread of its own, so encoding (LAME, libopus,
/// libvorbis, FLAC) runs on a second core while eSpeak NG synthesizes the next sentences:
/// a narration takes about as long as the slower of the two instead of their sum.
///
/// At most `capacity` blocks wait (about 12 s of audio), so memory stays flat when the
/// encoder is the slower side. The first error libsndfile reports stops the thread and is
/// returned by the next `submit`, `drain` or `finish`.
///
/// `@unchecked Sendable`: every mutable property is read and written under `condition`;
/// the sndfile handle is used only by the encoder thread between `init` and `finish`, and by
/// the caller only after `finish` has returned (the thread has ended).
final class EncoderThread: @unchecked Sendable {
    private let file: OpaquePointer
    private let channel: SoundFileChannel
    private let condition = NSCondition()
    private var queue: [[Int16]] = []
    private var busy = false
    private var stopping = false
    private var ended = false
    private var failure: String?
    private let capacity = 8

    /// Starts the thread writing into the channel's libsndfile handle.
    init(channel: SoundFileChannel) {
        file = channel.handle!
        self.channel = channel
        let thread = Thread { [self] in run() }
        thread.name = "narrate encoder"
        thread.start()
    }

    /// Queues a block, waiting while the queue is full; the error that stopped the thread,
    /// if one did.
    func submit(_ block: [Int16]) -> String? {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= capacity, failure == nil { condition.wait() }
        if let failure { return failure }
        queue.append(block)
        condition.broadcast()
        return nil
    }

    /// Waits until every queued block is in libsndfile; the error, if any.
    func drain() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while (!queue.isEmpty || busy), failure == nil { condition.wait() }
        return failure
    }

    /// Drains (unless `discarding`), stops the thread and waits for it to end; the error,
    /// if any.
    @discardableResult
    func finish(discarding: Bool = false) -> String? {
        condition.lock()
        defer { condition.unlock() }
        if discarding { queue.removeAll() }
        stopping = true
        condition.broadcast()
        while !ended { condition.wait() }
        return failure
    }

    private func run() {
        condition.lock()
        while true {
            while queue.isEmpty, !stopping { condition.wait() }
            if queue.isEmpty || failure != nil { break }
            let block = queue.removeFirst()
            busy = true
            condition.broadcast()
            condition.unlock()
            errno = 0
            let written = block.withUnsafeBufferPointer { sf_write_short(file, $0.baseAddress, sf_count_t($0.count)) }
            // libsndfile's own count misses what its encoders drop; the channel sees every byte.
            let code = errno
            var error = channel.failure
            if error == nil, written != sf_count_t(block.count) || sf_error(file) != 0 {
                error = Self.describe(errno: code, file: file)
            }
            condition.lock()
            busy = false
            if let error { failure = error }
            condition.broadcast()
        }
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    private static func describe(errno code: Int32, file: OpaquePointer) -> String {
        code != 0 ? String(cString: strerror(code)) : String(cString: sf_strerror(file))
    }
}
