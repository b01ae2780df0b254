import Foundation

/// A `Range: bytes=…` header read as RFC 9110 says, against a file's size, for the file
/// middleware to serve: Hummingbird 2.28's own reading takes a suffix range (`bytes=-500`,
/// the last 500 bytes) for the first bytes, and answers a range starting past the end with a
/// broken 206. Here a suffix becomes the absolute range it stands for, and a range that
/// starts past the end is refused (416).
enum ByteRange {
    enum Reading: Equatable {
        /// No range asked for, or one that cannot be read (served whole, as RFC 9110 allows).
        case whole
        /// The first range asked for, from `lower` to `upper` inclusive, within the file.
        case range(lower: Int, upper: Int)
        /// A range entirely past the end of the file (or an empty suffix).
        case unsatisfiable
    }

    static func read(_ header: String?, size: Int) -> Reading {
        guard let header, header.hasPrefix("bytes=") else { return .whole }
        let first = header.dropFirst(6).split(separator: ",").first?.trimmingCharacters(in: .whitespaces) ?? ""
        let parts = first.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .whole }
        let start = parts[0].isEmpty ? nil : Int(parts[0])
        let end = parts[1].isEmpty ? nil : Int(parts[1])
        if !parts[0].isEmpty, start == nil { return .whole }
        if !parts[1].isEmpty, end == nil { return .whole }
        switch (start, end) {
        case (nil, let suffix?):
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .range(lower: max(0, size - suffix), upper: size - 1)
        case (let lower?, nil):
            guard lower < size else { return .unsatisfiable }
            return .range(lower: lower, upper: size - 1)
        case (let lower?, let upper?):
            guard lower <= upper else { return .whole }
            guard lower < size else { return .unsatisfiable }
            return .range(lower: lower, upper: min(upper, size - 1))
        case (nil, nil):
            return .whole
        }
    }
}
