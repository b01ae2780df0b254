import Foundation
public import NarrateCore

/// The Piper voices catalogue (`voices.json` of the piper-voices repository): every voice by
/// name, with its language, quality and files, each file with its size and MD5 digest, at
/// paths relative to the catalogue's own address.
public struct PiperVoiceCatalogue: Sendable, Equatable {
    /// Where the catalogue is read by default: the one Piper's own downloader uses.
    public static let defaultAddress = "https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0/voices.json"
    /// The largest catalogue read (the public one is about 1 MB).
    public static let maximumBytes = 32 << 20

    /// One file of a voice.
    public struct File: Sendable, Equatable {
        /// Its path relative to the catalogue ("en/en_US/joe/medium/en_US-joe-medium.onnx").
        public var path: String
        public var size: Int
        /// Its MD5 digest in lower-case hex.
        public var md5: String

        /// The file's name, the last part of its path.
        public var name: String { String(path.split(separator: "/").last ?? Substring(path)) }
    }

    /// One voice of the catalogue.
    public struct Entry: Sendable, Equatable {
        /// Its name, the model's file name without `.onnx` ("en_US-joe-medium").
        public var name: String
        /// Its language as narrate writes codes ("en-us").
        public var language: String
        public var quality: String?
        /// Other names it is known by.
        public var aliases: [String]
        /// The model, its configuration, and any other file (a model card).
        public var files: [File]

        /// The model (`.onnx`).
        public var model: File? { files.first { $0.path.hasSuffix(".onnx") } }
        /// The configuration (`.onnx.json`).
        public var config: File? { files.first { $0.path.hasSuffix(".onnx.json") } }
        /// Bytes to download.
        public var size: Int { files.reduce(0) { $0 + $1.size } }
    }

    /// The voices, by name.
    public var entries: [Entry]
    /// Where the catalogue was read: its files' paths are relative to it.
    public var address: String

    /// Reads the catalogue in `bytes`, read from `address`; anything that is not one is
    /// `.malformedInput` naming the address. Voices without a model and a configuration, or
    /// with a file whose size or digest is not given, are left out.
    public init(bytes: [UInt8], address: String) throws(NarrateError) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw .malformedInput(
                path: address, message: "not a Piper voice catalogue (a JSON object of voices, as voices.json); check --catalogue")
        }
        var entries: [Entry] = []
        for (key, value) in object {
            guard let voice = value as? [String: Any], let listed = voice["files"] as? [String: Any] else { continue }
            var files: [File] = []
            for (path, details) in listed {
                guard let details = details as? [String: Any], let size = (details["size_bytes"] as? NSNumber)?.intValue, size >= 0,
                    let md5 = details["md5_digest"] as? String, md5.count == 32, md5.allSatisfy(\.isHexDigit),
                    Self.isRelativePath(path)
                else { continue }
                files.append(File(path: path, size: size, md5: md5.lowercased()))
            }
            files.sort { $0.path < $1.path }
            let language = (voice["language"] as? [String: Any])?["code"] as? String
            let entry = Entry(
                name: key,
                language: (language ?? key.split(separator: "-").first.map(String.init) ?? "").replacingOccurrences(of: "_", with: "-")
                    .lowercased(),
                quality: voice["quality"] as? String, aliases: voice["aliases"] as? [String] ?? [], files: files
            )
            guard Self.isFileName(key), let model = entry.model, entry.config != nil, model.name == "\(key).onnx" else { continue }
            entries.append(entry)
        }
        guard !entries.isEmpty || object.isEmpty else {
            throw .malformedInput(
                path: address, message: "not a Piper voice catalogue (no voice with a model, a configuration, their sizes and MD5 digests)")
        }
        self.entries = entries.sorted { ($0.language, $0.name) < ($1.language, $1.name) }
        self.address = address
    }

    /// The voice `requested` names: its name or an alias (any case, with or without
    /// `piper:`), else the one voice whose name contains it.
    ///
    /// - Throws: `.invalidOption` when none does (with the closest names) or several do.
    public func entry(named requested: String) throws(NarrateError) -> Entry {
        let wanted = PiperVoiceFiles.comparable(requested)
        if let exact = entries.first(where: { $0.name.lowercased() == wanted || $0.aliases.contains { $0.lowercased() == wanted } }) {
            return exact
        }
        let matching = wanted.isEmpty ? [] : entries.filter { $0.name.lowercased().contains(wanted) }
        if matching.count == 1 { return matching[0] }
        let catalogue = "the voice catalogue \(address)"
        guard matching.isEmpty else {
            let names = matching.prefix(6).map { "'\($0.name)'" }.joined(separator: ", ")
            throw .invalidOption(
                name: "voice",
                message:
                    "'\(requested)' names \(matching.count) voices in \(catalogue): \(names)\(matching.count > 6 ? ", …" : ""); say which")
        }
        let closest = VoiceEngines.closest(to: wanted, among: entries.map(\.name))
        let hint =
            closest.isEmpty ? "; see narrate voices available" : "; did you mean \(closest.map { "'\($0)'" }.joined(separator: ", "))?"
        throw .invalidOption(name: "voice", message: "no voice '\(requested)' in \(catalogue)\(hint)")
    }

    /// The address of `file`: its path resolved against the catalogue's address.
    public func address(of file: File) -> String {
        let encoded = file.path.split(separator: "/").map {
            $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/:"))) ?? String($0)
        }.joined(separator: "/")
        return URL(string: encoded, relativeTo: URL(string: address))?.absoluteString ?? encoded
    }

    /// Whether `path` names a file below the catalogue's folder: parts that are file names
    /// (none empty, none `.` or `..`, nothing hidden), so it cannot resolve outside it.
    static func isRelativePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { isFileName(String($0)) }
    }

    /// Whether `name` can be a file's name as it is (no folder, nothing hidden, no control characters).
    static func isFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && name.utf8.count <= 200
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
