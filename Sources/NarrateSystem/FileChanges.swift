/// Changes to files that another process writes, as events: on Linux, one inotify instance
/// for the process and one thread that reads its events and wakes whoever waits on the
/// file; elsewhere (or when inotify cannot be had) nothing, and a `FileWatch` waits out a
/// short interval instead, as a poll would.
///
/// A file is watched by its inode, so a watch follows a file renamed into place; one
/// inotify watch serves every `FileWatch` of the same file and is removed with the last.
public final class FileChanges: Sendable {
    /// The process's one instance.
    public static let shared = FileChanges()

    /// Whether changes come as events here (Linux's inotify); false: every `FileWatch`
    /// waits out its intervals.
    public var hasEvents: Bool { descriptor != nil }

    /// The inotify descriptor; nil where there is none.
    let descriptor: Int32?
    let state = Guarded(State())

    /// The inotify watches and the `FileWatch`es waiting on them.
    struct State {
        /// Each `FileWatch` by its number: its inotify watch, what happened since it last
        /// looked and, while it waits, how to wake it.
        var watchers: [Int: Watcher] = [:]
        /// The `FileWatch`es of each inotify watch.
        var byWatch: [Int32: Set<Int>] = [:]
        var nextNumber = 0
        var readerStarted = false
        /// The reader stopped (a read failed): no watch has events from then on.
        var readerFailed = false
    }

    struct Watcher {
        /// The inotify watch; nil once it is gone (the file was removed, or the events overflowed).
        var watch: Int32?
        var pending: FileWatch.Change?
        var waiting: (round: Int, continuation: CheckedContinuation<FileWatch.Change?, Never>)?
        /// The rounds of `next(within:)`, counted; the last whose interval ran out.
        var round = 0
        var expiredRound = -1
    }

    private init() {
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        self.descriptor = descriptor >= 0 ? descriptor : nil
        #else
        descriptor = nil
        #endif
    }

    /// A watch on the file at `path`, begun now: what happens to the file from here on is
    /// seen by its `next(within:)`. Without events (no inotify, no such file) the watch
    /// still works, by waiting out the interval it is given.
    public func watch(_ path: String) -> FileWatch {
        #if os(Linux)
        guard let descriptor else { return FileWatch(changes: self, number: nil) }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVE_SELF | IN_DELETE_SELF | IN_ATTRIB)
        let number: Int? = state.withLock { state in
            guard !state.readerFailed else { return nil }
            // Added under the lock: a removal of the same inotify watch cannot come between.
            let watch = inotify_add_watch(descriptor, path, mask)
            guard watch >= 0 else { return nil }
            let number = state.nextNumber
            state.nextNumber += 1
            state.watchers[number] = Watcher(watch: watch)
            state.byWatch[watch, default: []].insert(number)
            if !state.readerStarted {
                state.readerStarted = true
                Self.startReader()
            }
            return number
        }
        return FileWatch(changes: self, number: number)
        #else
        return FileWatch(changes: self, number: nil)
        #endif
    }

    /// Ends the watch `number`: the inotify watch goes with its last `FileWatch`.
    func end(_ number: Int) {
        state.withLock { state in
            guard let watcher = state.watchers.removeValue(forKey: number) else { return }
            watcher.waiting?.continuation.resume(returning: nil)
            guard let watch = watcher.watch else { return }
            state.byWatch[watch]?.remove(number)
            if state.byWatch[watch]?.isEmpty == true {
                state.byWatch[watch] = nil
                #if os(Linux)
                if let descriptor { _ = inotify_rm_watch(descriptor, watch) }
                #endif
            }
        }
    }

    #if os(Linux)
    /// The reader thread: it lives as long as the process, blocked in read(2).
    private static func startReader() {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { _ in
                FileChanges.shared.readEvents()
                return nil
            }, nil)
        pthread_attr_destroy(&attributes)
        precondition(started == 0, "cannot start the thread that reads file changes (error \(started))")
    }

    /// Reads inotify's events for ever, waking the watches they concern.
    private func readEvents() {
        guard let descriptor else { return }
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        let headerSize = MemoryLayout<inotify_event>.size
        while true {
            let count: Int
            do {
                count = try SystemCall.read(descriptor, into: buffer)
            } catch {
                // Not expected of inotify; the watches fall back to their intervals.
                state.withLock { state in
                    state.readerFailed = true
                    state.wakeAll(forgetting: true)
                }
                return
            }
            var offset = 0
            while offset + headerSize <= count {
                let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                offset += headerSize + Int(event.len)
                state.withLock { state in state.record(event) }
            }
        }
    }
    #endif
}

extension FileChanges {
    /// A value under a pthread mutex. Not Synchronization's `Mutex`: its futex is invisible
    /// to ThreadSanitizer, which then reported every access under it from the reader thread
    /// and a stream's task as a race.
    final class Guarded<Value>: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        /// Broadcast after every change, for the threads that wait synchronously (`wait`).
        private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var value: Value

        init(_ value: Value) {
            self.value = value
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
            changed.initialize(to: pthread_cond_t())
            var attributes = pthread_condattr_t()
            pthread_condattr_init(&attributes)
            #if os(Linux)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            #endif
            pthread_cond_init(changed, &attributes)
            pthread_condattr_destroy(&attributes)
        }

        deinit {
            pthread_cond_destroy(changed)
            changed.deallocate()
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
            pthread_mutex_lock(mutex)
            defer {
                pthread_cond_broadcast(changed)
                pthread_mutex_unlock(mutex)
            }
            return body(&value)
        }

        /// Runs `body` under the lock until it returns a result, waiting for a change between
        /// tries; nil once `seconds` have passed without one.
        func wait<Result>(seconds: Double, _ body: (inout Value) -> Result?) -> Result? {
            var deadline = timespec()
            #if os(Linux)
            clock_gettime(CLOCK_MONOTONIC, &deadline)
            #else
            clock_gettime(CLOCK_REALTIME, &deadline)
            #endif
            let nanoseconds = Int(deadline.tv_nsec) + Int(seconds * 1e9)
            deadline.tv_sec += nanoseconds / 1_000_000_000
            deadline.tv_nsec = nanoseconds % 1_000_000_000
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            while true {
                if let result = body(&value) { return result }
                if pthread_cond_timedwait(changed, mutex, &deadline) == ETIMEDOUT { return body(&value) }
            }
        }
    }
}

extension FileChanges.State {
    #if os(Linux)
    /// Hands one inotify event to the watches of its file.
    mutating func record(_ event: inotify_event) {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: every watch looks at its file again.
            wakeAll(forgetting: false)
            return
        }
        let gone = event.mask & UInt32(IN_IGNORED) != 0
        let change: FileWatch.Change =
            event.mask & UInt32(IN_MODIFY) != 0 && event.mask & UInt32(IN_CLOSE_WRITE | IN_MOVE_SELF | IN_DELETE_SELF) == 0
            ? .written : .closedOrMoved
        for number in byWatch[event.wd] ?? [] {
            wake(number, with: change)
            if gone { watchers[number]?.watch = nil }
        }
        if gone { byWatch[event.wd] = nil }
    }
    #endif

    /// Wakes every watch (after lost events, or when the reader stopped); `forgetting`: their
    /// inotify watches no longer count, so they wait out their intervals from now on.
    mutating func wakeAll(forgetting: Bool) {
        for number in watchers.keys {
            wake(number, with: .closedOrMoved)
            if forgetting { watchers[number]?.watch = nil }
        }
        if forgetting { byWatch = [:] }
    }

    /// Wakes the watch `number` with `change`, or keeps it for its next look.
    mutating func wake(_ number: Int, with change: FileWatch.Change) {
        guard var watcher = watchers[number] else { return }
        if let waiting = watcher.waiting {
            watcher.waiting = nil
            waiting.continuation.resume(returning: change)
        } else {
            watcher.pending = watcher.pending == .closedOrMoved ? .closedOrMoved : change
        }
        watchers[number] = watcher
    }
}
