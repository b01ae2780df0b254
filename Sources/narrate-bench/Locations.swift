import NarrateCore
import NarrateSystem

/// The narrate executable and the samples the benchmark uses.
struct Locations {
    /// The narrate executable built next to narrate-bench.
    var narrate: String
    /// The long article.
    var sample: String

    static func find(sample: String?) throws(BenchmarkError) -> Locations {
        let executable = ExecutablePath.current() ?? CommandLine.arguments[0]
        let narrate = "\(parent(executable))/narrate"
        guard access(narrate, X_OK) == 0 else {
            throw BenchmarkError("\(narrate) not found; run 'swift build -c release' first")
        }
        if let sample {
            guard access(sample, R_OK) == 0 else { throw BenchmarkError("\(sample): cannot read it") }
            return Locations(narrate: narrate, sample: sample)
        }
        guard let samples = samplesDirectory() else {
            throw BenchmarkError("samples/en-long.txt not found; run from the package directory or pass --sample")
        }
        return Locations(narrate: narrate, sample: "\(samples)/en-long.txt")
    }

    /// The package's samples/ directory: the first one with en-long.txt in it above the
    /// executable, else in the current directory.
    static func samplesDirectory() -> String? {
        var directory = parent(ExecutablePath.current() ?? CommandLine.arguments[0])
        for _ in 0..<6 {
            if access("\(directory)/samples/en-long.txt", R_OK) == 0 { return "\(directory)/samples" }
            directory = parent(directory)
        }
        return access("samples/en-long.txt", R_OK) == 0 ? "samples" : nil
    }

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
