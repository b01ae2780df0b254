import Foundation
import NarrateSystem
import Testing

/// Changes another writer makes to a file, as events: what a reader of a growing render waits
/// on instead of polling. No test waits for time to pass: a wait that events did not end would
/// run out its minute and say nil, which each test tells from the change it expects.
@Suite("File changes as events", .enabled(if: FileChanges.shared.hasEvents, "needs inotify (Linux)"))
struct FileWatchTests {
    let path = NSTemporaryDirectory() + "narrate-watch-\(UUID().uuidString)"

    init() throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data("RIFF".utf8)))
    }

    func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// The changes up to the next close, rename or removal (the writes before it may come as
    /// a change of their own, when the reader asks before the close is read): that one, or
    /// nil if a wait ran out first.
    func nextClose(_ watch: FileWatch) async -> FileWatch.Change? {
        for _ in 0..<10 {
            let change = await watch.next(within: .seconds(60))
            if change != .written { return change }
        }
        return .written
    }

    @Test("A write while the reader waits wakes it")
    func aWriteWakesTheWaitingReader() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let watch = FileChanges.shared.watch(path)
        #expect(watch.hasEvents)
        let waiting = Task { await watch.next(within: .seconds(60)) }
        let descriptor = open(path, O_WRONLY | O_APPEND)
        defer { close(descriptor) }
        try SystemCall.writeAll(descriptor, Array("more audio".utf8))
        // Written and still open: a write, not yet a close.
        #expect(await waiting.value == .written)
    }

    @Test("What happened before the reader asks is kept for it: a close, a rename, a removal")
    func changesWaitForTheReader() async throws {
        let watch = FileChanges.shared.watch(path)
        try append("more", to: path)
        // The close after the write: the writer may be done.
        #expect(await nextClose(watch) == .closedOrMoved)

        let renamed = path + ".wav"
        defer { try? FileManager.default.removeItem(atPath: renamed) }
        #expect(rename(path, renamed) == 0)
        #expect(await nextClose(watch) == .closedOrMoved)
        // The watch follows the file to its new name.
        try append("after the rename", to: renamed)
        #expect(await nextClose(watch) == .closedOrMoved)

        try FileManager.default.removeItem(atPath: renamed)
        #expect(await nextClose(watch) == .closedOrMoved)
        // A removal comes as up to three events, which a busy reader may read apart: the link
        // count, the removal and the end of the inotify watch. The last ends the watch.
        for _ in 0..<10 where watch.hasEvents {
            #expect(await watch.next(within: .seconds(60)) == .closedOrMoved)
        }
        // Its file gone, the watch has no more events and falls back to its interval (once
        // what the last event left is taken).
        #expect(!watch.hasEvents)
        _ = await watch.next(within: .zero, fallback: .zero)
        #expect(await watch.next(within: .seconds(60), fallback: .milliseconds(1)) == .written)
    }

    @Test("A quiet interval ends the wait with nil")
    func aQuietIntervalIsNil() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let watch = FileChanges.shared.watch(path)
        #expect(await watch.next(within: .milliseconds(20)) == nil)
        #expect(await watch.next(within: .zero) == nil)
        // A change after the quiet interval still comes.
        try append("late", to: path)
        #expect(await nextClose(watch) == .closedOrMoved)
    }

    @Test("Rounds of quick waits on a quiet file all end (an old round's timer never outlives it)")
    func quickRoundsAllEnd() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let watch = FileChanges.shared.watch(path)
        // A wait that never ended would hold the group until the guard's minute is up.
        let ended = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for round in 0..<300 { _ = await watch.next(within: round.isMultiple(of: 3) ? .zero : .microseconds(200)) }
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        #expect(ended)
    }

    @Test("Two readers of one file are both woken, and one leaving does not end the other's watch")
    func readersShareAFile() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = FileChanges.shared.watch(path)
        var second: FileWatch? = FileChanges.shared.watch(path)
        try append("one", to: path)
        #expect(await nextClose(first) == .closedOrMoved)
        #expect(await nextClose(try #require(second)) == .closedOrMoved)
        second = nil
        try append("two", to: path)
        #expect(await nextClose(first) == .closedOrMoved)
        #expect(first.hasEvents)
    }

    @Test("A cancelled reader stops waiting")
    func cancellationEndsTheWait() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let watch = FileChanges.shared.watch(path)
        let waiting = Task { await watch.next(within: .seconds(3600)) }
        waiting.cancel()
        #expect(await waiting.value == nil)
    }

    @Test("A thread that may block waits too: woken by a write from another thread, nil after a quiet interval")
    func aBlockingWaitIsWokenByAWrite() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let watch = FileChanges.shared.watch(path)
        #expect(watch.wait(within: .milliseconds(20)) == nil)
        let descriptor = open(path, O_WRONLY | O_APPEND)
        defer { close(descriptor) }
        let writer = Thread { _ = try? SystemCall.writeAll(descriptor, Array("more audio".utf8)) }
        writer.start()
        // Written and still open: a write, not yet a close; a minute would mean no wake-up.
        let started = ContinuousClock.now
        #expect(watch.wait(within: .seconds(60)) == .written)
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test("A file that does not exist is not watched: the reader polls at its fallback")
    func aMissingFileIsPolled() async {
        let watch = FileChanges.shared.watch(path + ".missing")
        #expect(!watch.hasEvents)
        #expect(await watch.next(within: .seconds(60), fallback: .milliseconds(1)) == .written)
    }
}
