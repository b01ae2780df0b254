import Foundation
import NarrateCore
import NarrateSystem

/// Counts a program's instructions with valgrind's callgrind.
struct Callgrind {
    /// Where output files go.
    let workDirectory: String

    /// Whether valgrind can be run.
    var isAvailable: Bool {
        (try? ChildProcess.run(["valgrind", "--version"]))?.status == 0
    }

    /// Valgrind 3.19 cannot read the DWARF 5 debug info Swift emits; counting a stripped copy
    /// gives the same instructions. `name` is the copy's name in the work directory.
    func debuglessCopy(of executable: String, as name: String = "narrate-stripped") throws(BenchmarkError) -> String {
        let copy = "\(workDirectory)/\(name)"
        _ = try ChildProcess.runChecked(["strip", "-o", copy, executable])
        return copy
    }

    /// The instructions of `arguments` and of every process it starts or becomes (exec),
    /// each process's count with its command line.
    func instructionsByProcess(_ arguments: [String]) throws(BenchmarkError) -> [(command: String, instructions: Int)] {
        let folder = "\(workDirectory)/callgrind-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(folder, 0o755)
        defer { TemporaryDirectory.removeTree(folder) }
        let run = try ChildProcess.run(
            ["valgrind", "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=\(folder)/out.%p"] + arguments
        )
        guard run.status == 0 else { throw BenchmarkError("\(arguments.joined(separator: " ")) under callgrind exited with \(run.status)") }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return try files.sorted().map { name throws(BenchmarkError) in
            guard let contents = try? FileContents.read("\(folder)/\(name)") else { throw BenchmarkError("cannot read \(folder)/\(name)") }
            var command = ""
            var total: Int?
            for line in String(decoding: contents, as: UTF8.self).split(separator: "\n") {
                if line.hasPrefix("cmd:") { command = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces) }
                if line.hasPrefix("summary:") || line.hasPrefix("totals:"), total == nil,
                    let value = line.split(separator: " ").dropFirst().first
                {
                    total = Int(value)
                }
            }
            guard let total else { throw BenchmarkError("no instruction total in \(folder)/\(name)") }
            return (command, total)
        }
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
