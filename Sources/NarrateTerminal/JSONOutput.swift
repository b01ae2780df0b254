import Foundation
public import NarrateCore

/// JSON on standard output for `--json`: pretty, keys sorted, slashes as they are.
public enum JSONOutput {
    /// Prints `value` as JSON on standard output.
    public static func print(_ value: some Encodable) throws(NarrateError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            throw .writeFailed(path: "standard output", reason: "cannot encode the result as JSON")
        }
        Swift.print(String(decoding: data, as: UTF8.self))
    }
}
