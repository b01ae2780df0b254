public import NarrateCore
import NarrateSystem
import NarrateText

/// Finds voice presets by name in the user's config directory and in narrate's shipped
/// voices/ directory, or loads one from a path.
public struct VoicePresetLibrary: Sendable {
    /// Directories searched for `NAME.json`, first match wins.
    public var directories: [String]

    /// Creates a library over explicit directories.
    public init(directories: [String]) {
        self.directories = directories
    }

    /// The standard search order: `$XDG_CONFIG_HOME/narrate/voices` (default
    /// `~/.config/narrate/voices`), then `$NARRATE_VOICES_DIR`, then the voices/ directory
    /// shipped with narrate (found next to the executable or in a parent directory).
    public static func standard(environment: [String: String], executablePath: String?) -> VoicePresetLibrary {
        var directories: [String] = []
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
            directories.append("\(config)/narrate/voices")
        } else if let home = environment["HOME"], !home.isEmpty {
            directories.append("\(home)/.config/narrate/voices")
        }
        if let shipped = environment["NARRATE_VOICES_DIR"], !shipped.isEmpty {
            directories.append(shipped)
        }
        if let executablePath {
            var directory = parent(of: executablePath)
            directories.append("\(directory)/../share/narrate/voices")
            // A build tree: .build/<triple>/debug/narrate sits a few levels under the package.
            for _ in 0..<5 {
                directories.append("\(directory)/voices")
                let up = parent(of: directory)
                if up == directory { break }
                directory = up
            }
        }
        return VoicePresetLibrary(directories: directories)
    }

    /// Whether `reference` is a path rather than a preset name.
    public static func isPath(_ reference: String) -> Bool {
        reference.contains("/") || reference.lowercased().hasSuffix(".json")
    }

    /// Loads the preset named by `reference`: a path, or a name searched in `directories`.
    public func preset(_ reference: String) throws(NarrateError) -> VoicePreset {
        if Self.isPath(reference) {
            guard let data = Self.contents(of: reference) else {
                throw .invalidPreset(location: reference, message: "cannot read the preset file; check the path")
            }
            return try Self.withLexicon(VoicePreset.parse(data, location: reference), presetPath: reference)
        }
        for directory in directories {
            let path = "\(directory)/\(reference).json"
            if let data = Self.contents(of: path) {
                return try Self.withLexicon(VoicePreset.parse(data, location: path), presetPath: path)
            }
        }
        let known = names()
        let hint = known.isEmpty ? "" : "; available: \(known.joined(separator: ", "))"
        throw .invalidPreset(location: reference, message: "no such voice preset\(hint)")
    }

    /// Names of every preset found, sorted, without duplicates.
    public func names() -> [String] {
        var found: Set<String> = []
        for directory in directories {
            for name in DirectoryEntries.names(directory) where name.hasSuffix(".json") && !name.hasPrefix(".") {
                found.insert(String(name.dropLast(5)))
            }
        }
        return found.sorted()
    }

    /// The preset with the lexicon found beside it (`NAME.lexicon` for `NAME.json`), if any.
    static func withLexicon(_ preset: VoicePreset, presetPath: String) throws(NarrateError) -> VoicePreset {
        let stem = presetPath.lowercased().hasSuffix(".json") ? String(presetPath.dropLast(5)) : presetPath
        let path = stem + ".lexicon"
        guard let bytes = contents(of: path) else { return preset }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidPreset(location: path, message: "the lexicon is not UTF-8 text")
        }
        var result = preset
        do {
            result.lexicon = try PronunciationLexicon.parse(text)
        } catch {
            throw .invalidPreset(location: "\(path):\(error.line)", message: "\(error.message); see voices/README.md")
        }
        return result
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    private static func contents(of path: String) -> [UInt8]? {
        try? FileContents.read(path)
    }
}
