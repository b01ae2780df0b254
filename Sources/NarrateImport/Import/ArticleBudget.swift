import Foundation
import NarrateCore
import NarrateSystem

/// How many bytes of articles a process reads and adds at once: an import's parallel
/// workers take their article's size from it before reading it and give it back once it is
/// in the library, waiting while others hold it. Many small articles go at once; an article
/// as large as the capacity goes alone; one larger than what is free waits for the rest. The
/// memory an import takes is then bounded by one article's, however many it holds.
final class ArticleBudget: @unchecked Sendable {
    /// The process's, of `InputLimits.articleBytes`.
    static let shared = ArticleBudget(capacity: InputLimits.articleBytes)

    private let capacity: Int
    private let condition = NSCondition()
    private var used = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Runs `body` holding `bytes` of the budget (all of it, at most), waiting for them first.
    func holding<Value, Failure: Error>(_ bytes: Int, _ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let share = min(max(bytes, 1), capacity)
        condition.lock()
        while used > 0, used + share > capacity { condition.wait() }
        used += share
        condition.unlock()
        defer {
            condition.lock()
            used -= share
            condition.broadcast()
            condition.unlock()
            // A large article's memory back to the system before the next one: eight workers
            // taking turns with 15 MiB articles held 635 MB where one took 324.
            if share >= 1 << 20 { MemoryTrim.giveBack() }
        }
        return try body()
    }
}
