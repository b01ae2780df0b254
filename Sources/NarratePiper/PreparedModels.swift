import Foundation
import NarrateCore
import NarrateSystem

/// Neural voice models as ONNX Runtime prepared them (durations output added, basic graph
/// optimizations applied), kept in narrate's cache folder with the model's SHA-256, so that
/// a later process loads the prepared file as it is: no reading, hashing and patching of the
/// model, and no optimizing, before the first sentence (on the test voice, 2 cores: the
/// voice's load from about 530 ms to about 250 ms). An entry is known by the model's path,
/// size, modification time and inode, ONNX Runtime's version and how narrate prepares it: a
/// changed or replaced model, a new runtime or a new narrate prepares anew. A copy that
/// cannot be loaded is removed and made again; nothing in it is ever trusted over the model.
struct PreparedModels: Sendable {
    /// The folder: `$XDG_CACHE_HOME/narrate/models`, by default `~/.cache/narrate/models`.
    let folder: String

    /// How narrate prepares a model; a change here makes every entry stale.
    static let preparation = "durations-output-1 basic-optimizations"

    /// What an entry records beside its prepared model.
    struct Entry: Codable, Equatable {
        /// The model it was prepared from.
        var model: String
        /// The model file's SHA-256, in hex.
        var sha256: String
        /// The output that gives each phoneme's frames, when the model was given one.
        var durationsOutput: String?
    }

    /// The cache folder `environment` names.
    static func folder(environment: [String: String]) -> String {
        let cache =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? "\(environment["HOME"] ?? NSHomeDirectory())/.cache"
        return "\(cache)/narrate/models"
    }

    /// The key of the model at `path` as it is now (with ONNX Runtime `runtime`); nil when it
    /// cannot be looked at.
    static func key(of path: String, runtime: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let modified = "\(info.modified.tv_sec).\(info.modified.tv_nsec)"
        let identity = "\(path)\n\(info.st_size)\n\(modified)\n\(info.st_dev):\(info.st_ino)\n\(runtime)\n\(preparation)"
        return MessageDigest.hex(MessageDigest.hash(.sha256, of: Array(identity.utf8)).prefix(16))
    }

    private func modelFile(_ key: String) -> String { "\(folder)/\(key).onnx" }
    private func entryFile(_ key: String) -> String { "\(folder)/\(key).json" }

    /// The entry of `key` and its prepared file, when both are there.
    func entry(key: String) -> (entry: Entry, file: String)? {
        guard let data = FileManager.default.contents(atPath: entryFile(key)),
            let entry = try? JSONDecoder().decode(Entry.self, from: data),
            entry.sha256.count == 64, access(modelFile(key), R_OK) == 0
        else { return nil }
        return (entry, modelFile(key))
    }

    /// Where a session being made may write the prepared model for `key`: a hidden file of
    /// this process in the folder (made if need be); nil when the folder cannot be made.
    func temporaryFile(key: String) -> String? {
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return nil }
        return "\(folder)/.\(key).\(getpid()).onnx"
    }

    /// Keeps the prepared model written to `temporary` as `key`'s, with `entry`: the model put
    /// in place first, the entry last, each by a rename, so a reader finds both or none. Then
    /// entries of models gone or changed since are removed. A failure leaves no entry.
    func keep(_ temporary: String, key: String, entry: Entry) {
        guard access(temporary, R_OK) == 0, rename(temporary, modelFile(key)) == 0,
            let data = try? JSONEncoder().encode(entry)
        else {
            unlink(temporary)
            return
        }
        let entryTemporary = "\(folder)/.\(key).\(getpid()).json"
        guard FileManager.default.createFile(atPath: entryTemporary, contents: data), rename(entryTemporary, entryFile(key)) == 0 else {
            unlink(entryTemporary)
            return
        }
        sweep(keeping: key, model: entry.model)
    }

    /// Removes `key`'s entry and prepared model (one that could not be loaded).
    func forget(key: String) {
        unlink(entryFile(key))
        unlink(modelFile(key))
    }

    /// Removes the other entries of `model` (made before it changed) and those whose model is
    /// gone, with their files, and what a process that died while preparing left.
    private func sweep(keeping kept: String, model: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let key = String(name.dropLast(5))
            guard key != kept else { continue }
            guard let found = entry(key: key) else {
                forget(key: key)
                continue
            }
            if found.entry.model == model || access(found.entry.model, F_OK) != 0 { forget(key: key) }
        }
        for name in names where name.hasPrefix(".") {
            // ".KEY.PID.onnx" or ".KEY.PID.json": its process is gone.
            let parts = name.split(separator: ".")
            if parts.count == 3, let pid = Int32(parts[1]), kill(pid, 0) != 0, errno == ESRCH { unlink("\(folder)/\(name)") }
        }
    }
}
