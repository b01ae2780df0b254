/// Counts the node visits of the walks over a page (the tree's searches and ancestor walks,
/// its measures, the extractor's and the block builder's walks) in debug builds, so tests can
/// check that reading a page takes work in proportion to its size whatever its shape, which
/// timings on a shared machine are too noisy to show. Release builds count nothing.
final class ExtractionWork: @unchecked Sendable {
    // Unchecked: a counter is only changed by the synchronous code `counting` runs.

    /// The visits counted so far.
    private(set) var visits = 0

    #if DEBUG
    /// The counter of the running task, when it counts.
    @TaskLocal private static var current: ExtractionWork?
    #endif

    private init() {}

    /// Counts `count` visits, when the running task counts them.
    @inline(__always)
    static func record(_ count: Int = 1) {
        #if DEBUG
        current?.visits += count
        #endif
    }

    /// Runs `body`, and returns what it returns with the node visits it made (0 in release builds).
    static func counting<Result>(_ body: () throws -> Result) rethrows -> (result: Result, visits: Int) {
        let work = ExtractionWork()
        #if DEBUG
        let result = try $current.withValue(work) { try body() }
        #else
        let result = try body()
        #endif
        return (result, work.visits)
    }
}
