import Foundation

/// Hands blocks of samples to the encoder on a thread of its own, so encoding (LAME, libopus,
/// libvorbis, FLAC) runs on a second core while eSpeak NG synthesizes the next sentences:
/// a narration takes about as long as the slower of the two instead of their sum.
///
/// At most `capacity` blocks wait (about 12 s of audio), so memory stays flat when the
/// encoder is the slower side. The first error the encoder reports stops the thread and is
/// returned by the next `submit`, `drain` or `finish`.
///
/// `@unchecked Sendable`: every mutable property is read and written under `condition`;
/// the encoder is used only by the encoder thread between `init` and `finish`, and by the
/// caller only after `finish` has returned (the thread has ended).
final class EncoderThread: @unchecked Sendable {
    private let encoder: any BlockEncoder
    private let condition = NSCondition()
    private var queue: [[Int16]] = []
    private var busy = false
    private var stopping = false
    private var ended = false
    private var failure: String?
    private let capacity = 8

    /// Starts the thread handing blocks to `encoder`.
    init(encoder: any BlockEncoder) {
        self.encoder = encoder
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

    /// Waits until every queued block is encoded; the error, if any.
    func drain() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while !queue.isEmpty || busy, failure == nil { condition.wait() }
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
            let error = block.withUnsafeBufferPointer { encoder.encode($0) }
            condition.lock()
            busy = false
            if let error { failure = error }
            condition.broadcast()
        }
        ended = true
        condition.broadcast()
        condition.unlock()
    }
}
