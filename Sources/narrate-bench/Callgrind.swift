import NarrateCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts a program's instructions with valgrind's callgrind.
struct Callgrind {
    /// Where output files go.
    let workDirectory: String

    /// Whether valgrind can be run.
    var isAvailable: Bool {
        (try? ChildProcess.run(["valgrind", "--version"]))?.status == 0
    }

    /// Valgrind 3.19 cannot read the DWARF 5 debug info Swift emits; counting a stripped copy
    /// gives the same instructions.
    func debuglessCopy(of executable: String) throws(BenchmarkError) -> String {
        let copy = "\(workDirectory)/narrate-stripped"
        _ = try ChildProcess.runChecked(["strip", "-o", copy, executable])
        return copy
    }

    /// Total instructions executed by `arguments` (the program must succeed).
    func instructions(_ arguments: [String]) throws(BenchmarkError) -> Int {
        let outFile = "\(workDirectory)/callgrind.out"
        unlink(outFile)
        _ = try ChildProcess.runChecked(["valgrind", "--tool=callgrind", "--callgrind-out-file=\(outFile)"] + arguments)
        guard let contents = try? FileContents.read(outFile) else {
            throw BenchmarkError("callgrind wrote no output for \(arguments[0])")
        }
        for line in String(decoding: contents, as: UTF8.self).split(separator: "\n")
        where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
            if let value = line.split(separator: " ").dropFirst().first, let count = Int(value) { return count }
        }
        throw BenchmarkError("no instruction total in \(outFile)")
    }
}
