public import NarrateCore

/// Looks up installed voices by language and suggests names for a mistyped one.
public struct VoiceCatalog: Sendable {
    /// Every installed voice.
    public let voices: [VoiceInfo]

    /// Creates a catalog over a voice list.
    public init(voices: [VoiceInfo]) {
        self.voices = voices
    }

    /// The voices that speak `language`; none is an error naming the closest languages.
    public func voicesOrError(speaking language: String) throws(NarrateError) -> [VoiceInfo] {
        let found = voices(speaking: language)
        guard found.isEmpty else { return found }
        let languages = Array(Set(voices.flatMap(\.languages)))
        throw .noVoiceSpeaks(language: language, suggestions: Self.closest(to: language, among: languages))
    }

    /// The voices that speak `language`.
    public func voices(speaking language: String) -> [VoiceInfo] {
        voices.filter { $0.speaks(language) }
    }

    /// Up to `limit` names a user might have meant by `name`, closest first.
    public func closestNames(to name: String, limit: Int = 3) -> [String] {
        var candidates: Set<String> = []
        for voice in voices {
            candidates.insert(voice.name)
            candidates.formUnion(voice.languages)
            if let file = voice.identifier.split(separator: "/").last { candidates.insert(String(file)) }
        }
        return Self.closest(to: name, among: Array(candidates), limit: limit)
    }

    /// Up to `limit` of `candidates` closest to `name` by edit distance, closest first.
    public static func closest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        let wanted = name.lowercased()
        var seen: Set<String> = []
        // Lower-case codes first, so "en-us" is kept over the file name "en-US".
        let unique = candidates.sorted { ($0.lowercased() != $0 ? 1 : 0, $0) < ($1.lowercased() != $1 ? 1 : 0, $1) }
            .filter { seen.insert($0.lowercased()).inserted }
        let scored = unique.map { candidate -> (name: String, score: Int) in
            let lowered = candidate.lowercased()
            // A name that contains what was typed ("english" in "English (America)") is a
            // better guess than a short name a few edits away.
            if lowered.contains(wanted) { return (candidate, 0) }
            var score = Self.editDistance(wanted, lowered) - (lowered.hasPrefix(wanted) || wanted.hasPrefix(lowered) ? 1 : 0)
            // "englsh" is one edit from the first word of "English (America)".
            if let firstWord = lowered.split(separator: " ").first, firstWord.count < lowered.count {
                score = min(score, Self.editDistance(wanted, String(firstWord)) + 1)
            }
            return (candidate, score)
        }
        let threshold = max(2, wanted.count / 2)
        return
            scored
            .filter { $0.score <= threshold }
            .sorted { ($0.score, $0.name.count, $0.name) < ($1.score, $1.name.count, $1.name) }
            .prefix(limit)
            .map(\.name)
    }

    /// Levenshtein distance over Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
