import NarrateCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The narrate executable and the long sample the benchmark uses.
struct Locations {
    /// The narrate executable built next to narrate-bench.
    var narrate: String
    /// The long article.
    var sample: String

    static func find(sample: String?) throws(BenchmarkError) -> Locations {
        let executable = ExecutablePath.current() ?? CommandLine.arguments[0]
        var directory = parent(executable)
        let narrate = "\(directory)/narrate"
        guard access(narrate, X_OK) == 0 else {
            throw BenchmarkError("\(narrate) not found; run 'swift build -c release' first")
        }
        if let sample {
            guard access(sample, R_OK) == 0 else { throw BenchmarkError("\(sample): cannot read it") }
            return Locations(narrate: narrate, sample: sample)
        }
        for _ in 0..<6 {
            let candidate = "\(directory)/samples/en-long.txt"
            if access(candidate, R_OK) == 0 { return Locations(narrate: narrate, sample: candidate) }
            directory = parent(directory)
        }
        if access("samples/en-long.txt", R_OK) == 0 { return Locations(narrate: narrate, sample: "samples/en-long.txt") }
        throw BenchmarkError("samples/en-long.txt not found; run from the package directory or pass --sample")
    }

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
