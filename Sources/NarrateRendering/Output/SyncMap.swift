import Foundation
public import NarrateCore

/// Where each sentence is heard in an audio file, written as a sync map for players and
/// editors: `.json` (an aeneas sync map, seconds as strings), `.vtt` (WebVTT) or `.srt`.
public struct SyncMap: Sendable, Equatable {
    /// One sentence's place in the audio.
    public struct Fragment: Sendable, Equatable {
        /// Start, in seconds.
        public var begin: Double
        /// End, in seconds.
        public var end: Double
        /// The sentence as written (line breaks made spaces).
        public var text: String
    }

    /// The sentences, in order.
    public var fragments: [Fragment]

    /// The map of `sentences` whose audio spans `samples` at `sampleRate`; `startSample` is
    /// where the file starts (a `resume` file starts mid-article), earlier sentences left out.
    /// Sentences not read (a reference list skipped: no audio) have no fragment.
    public init(sentences: [Sentence], samples: [Range<Int64>], sampleRate: Int, startSample: Int64 = 0) {
        let rate = Double(max(sampleRate, 1))
        fragments = zip(sentences, samples).compactMap { sentence, range in
            guard range.lowerBound >= startSample, !range.isEmpty else { return nil }
            let text = sentence.text.split(whereSeparator: \.isNewline).joined(separator: " ")
            return Fragment(
                begin: Double(range.lowerBound - startSample) / rate, end: Double(range.upperBound - startSample) / rate,
                text: text
            )
        }
    }

    /// The formats, by file extension.
    public enum Format: String, Sendable, CaseIterable {
        case json, vtt, srt

        /// The format `path`'s extension names, or nil.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            self.init(rawValue: path[path.index(after: dot)...].lowercased())
        }
    }

    /// The map as text in `format`.
    public func rendered(as format: Format) -> String {
        switch format {
        case .json:
            var lines = ["{", "  \"fragments\": ["]
            for (index, fragment) in fragments.enumerated() {
                let comma = index + 1 < fragments.count ? "," : ""
                lines.append(
                    "    {\"id\": \"f\(Self.padded(index + 1, 6))\", \"begin\": \"\(Self.seconds(fragment.begin))\", "
                        + "\"end\": \"\(Self.seconds(fragment.end))\", \"lines\": [\(Self.jsonString(fragment.text))]}\(comma)"
                )
            }
            lines += ["  ]", "}"]
            return lines.joined(separator: "\n") + "\n"
        case .vtt:
            var text = "WEBVTT\n"
            for (index, fragment) in fragments.enumerated() {
                // No "-->" inside a cue: its ">" is escaped like every other.
                let cue = MarkupEscaping.escaped(fragment.text, in: .xmlContent)
                text +=
                    "\n\(index + 1)\n\(Self.clock(fragment.begin, separator: ".")) --> \(Self.clock(fragment.end, separator: "."))\n\(cue)\n"
            }
            return text
        case .srt:
            var text = ""
            for (index, fragment) in fragments.enumerated() {
                if index > 0 { text += "\n" }
                text +=
                    "\(index + 1)\n\(Self.clock(fragment.begin, separator: ",")) --> \(Self.clock(fragment.end, separator: ","))\n\(fragment.text)\n"
            }
            return text
        }
    }

    /// Writes the map to `path` in the format its extension names, through a temporary file
    /// and a rename.
    public func write(to path: String) throws(NarrateError) {
        guard let format = Format(path: path) else {
            throw .invalidOption(name: "sync", message: "sync \(path): give a .json, .vtt or .srt file")
        }
        let text = rendered(as: format)
        try OutputFile.write(Array(text.utf8), to: path)
    }

    /// "12.345".
    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        return "\(milliseconds / 1000).\(padded(milliseconds % 1000, 3))"
    }

    /// "00:01:02.345" (WebVTT) or "00:01:02,345" (SRT).
    static func clock(_ value: Double, separator: String) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let seconds = milliseconds / 1000
        return
            "\(padded(seconds / 3600, 2)):\(padded(seconds / 60 % 60, 2)):\(padded(seconds % 60, 2))\(separator)\(padded(milliseconds % 1000, 3))"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func jsonString(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}
