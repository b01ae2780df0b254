import Foundation
public import NarrateCore
public import NarrateFetch
import NarrateSystem

/// Installs Piper voices where narrate looks first after `NARRATE_VOICE_PATH`
/// (`$XDG_DATA_HOME/narrate/voices`), and removes them: by name from the voice catalogue (each
/// file checked against the catalogue's size and MD5 digest), from an address, or from a file.
///
/// An install is all or nothing: the files go into a hidden folder of their own (which no
/// voice listing looks in), are written to disk (fsync) and checked, and the folder is then
/// renamed into place in one step. Interrupted (Ctrl-C, kill -9, a full disk), nothing is
/// installed; a hidden folder a killed install left is removed by the next install.
public struct PiperVoiceInstaller: Sendable {
    /// How far a file's download has got.
    public struct Progress: Sendable, Equatable {
        /// The file's name.
        public var file: String
        public var received: Int
        /// Its whole size, when known.
        public var total: Int?
    }

    /// What an install did.
    public enum Outcome: Sendable, Equatable {
        case installed(PiperVoiceFiles.Voice)
        /// A voice of that name is installed already (and `replacing` was not asked for).
        case alreadyInstalled(PiperVoiceFiles.Voice)
    }

    /// Where a voice's file comes from.
    enum Source: Equatable {
        case address(String)
        case file(String)
    }

    /// One file to put in the voice's folder.
    struct Piece: Equatable {
        var source: Source
        /// Its name in the voice's folder.
        var name: String
        /// The size and MD5 digest it must have, when a catalogue says.
        var size: Int?
        var md5: String?
    }

    private let environment: [String: String]
    private let download: FileDownload
    /// The catalogue's address.
    public let catalogueAddress: String

    /// The largest voice file narrate downloads (the largest Piper voices are about 120 MB).
    static let maximumFileBytes = 2 << 30

    /// An installer for the voices of `environment` (`XDG_DATA_HOME`, `HOME`), reading the
    /// catalogue at `catalogueAddress` (by default `NARRATE_VOICE_CATALOGUE`, else the public one).
    public init(environment: [String: String], download: FileDownload, catalogueAddress: String? = nil) {
        self.environment = environment
        self.download = download
        let configured = environment["NARRATE_VOICE_CATALOGUE"].flatMap { $0.isEmpty ? nil : $0 }
        self.catalogueAddress = catalogueAddress ?? configured ?? PiperVoiceCatalogue.defaultAddress
    }

    /// The folder voices are installed in.
    public var folder: String { PiperVoiceFiles.installFolder(environment: environment) }

    /// The catalogue, read from its address.
    public func catalogue() throws(NarrateError) -> PiperVoiceCatalogue {
        let bytes = try download.fetch(catalogueAddress, maximumBytes: PiperVoiceCatalogue.maximumBytes)
        return try PiperVoiceCatalogue(bytes: bytes, address: catalogueAddress)
    }

    /// Installs the voice `argument` names: a catalogue name (any unambiguous spelling), an
    /// http(s) address of its `.onnx` (the `.onnx.json` beside it is fetched too), or a
    /// `.onnx` file with its `.onnx.json` beside it. `replacing` installs it again over an
    /// installed voice of the same name; `progress` hears of every piece of every file.
    ///
    /// - Throws: `.invalidOption` for a name the catalogue lacks or shares among voices;
    ///   `.fetchFailed` when a download fails; `.malformedInput` for a catalogue that is not
    ///   one, a file whose size or digest is not the catalogue's, a model that is not ONNX or a
    ///   configuration that is not a Piper voice's; `.inputUnavailable` for a missing file;
    ///   `.writeFailed` when the disk is full; `.interrupted`.
    public func install(
        _ argument: String, replacing: Bool = false, progress: @escaping (Progress) -> Void = { _ in }
    ) throws(NarrateError) -> Outcome {
        let (name, pieces) = try plan(argument)
        try Self.makeFolder(folder)
        removeAbandoned()
        if !replacing, let present = installed(named: name) { return .alreadyInstalled(present) }
        let staging = "\(folder)/.partial-\(getpid())-\(name)"
        try? FileManager.default.removeItem(atPath: staging)
        guard mkdir(staging, 0o755) == 0 else {
            throw .cannotCreateOutput(path: "\(folder)/\(name)", reason: String(cString: strerror(errno)))
        }
        do {
            for piece in pieces {
                try fetch(piece, into: staging, shownAs: "\(folder)/\(name)/\(piece.name)", progress: progress)
            }
            try check(folder: staging, name: name, pieces: pieces)
            try Self.syncFolder(staging, shownAs: "\(folder)/\(name)")
            guard let voice = try put(staging, inPlaceOf: name, replacing: replacing) else {
                // Another install of the same voice finished first: that one stands.
                try? FileManager.default.removeItem(atPath: staging)
                return .alreadyInstalled(
                    installed(named: name) ?? PiperVoiceFiles.voice(name: name, model: "\(folder)/\(name)/\(name).onnx"))
            }
            return .installed(voice)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }

    /// Removes the installed voice `name` names (any unambiguous spelling) and returns it.
    ///
    /// - Throws: `.unknownVoice` when no voice narrate installed has that name;
    ///   `.invalidOption` for a voice found elsewhere (it is removed where it is);
    ///   `.writeFailed` when it cannot be removed.
    public func remove(_ name: String) throws(NarrateError) -> PiperVoiceFiles.Voice {
        let mine = PiperVoiceFiles.voices(in: [folder])
        guard let voice = try PiperVoiceFiles.voice(named: name, among: mine) else {
            if let elsewhere = try? PiperVoiceFiles(environment: environment).voice(named: name) {
                let place = (elsewhere.modelPath as NSString).deletingLastPathComponent
                throw .invalidOption(
                    name: "voice",
                    message: "\(PiperEngine.voiceName(elsewhere.name)) is not one narrate installed (it is in \(place)); remove it there "
                        + "(a Python package's voice with pip uninstall)"
                )
            }
            let names = mine.map { PiperEngine.voiceName($0.name) }
            throw .unknownVoice(name: name, suggestions: VoiceEngines.closest(to: PiperVoiceFiles.comparable(name), among: names))
        }
        let holder = (voice.modelPath as NSString).deletingLastPathComponent
        if holder != folder, (holder as NSString).deletingLastPathComponent == folder {
            // Its own folder: gone in one rename, then deleted.
            let doomed = "\(folder)/.removing-\(getpid())-\((holder as NSString).lastPathComponent)"
            guard rename(holder, doomed) == 0 else {
                throw .writeFailed(path: holder, reason: String(cString: strerror(errno)))
            }
            try? Self.syncFolder(folder, shownAs: folder)
            try? FileManager.default.removeItem(atPath: doomed)
        } else {
            // Loose files: without its configuration a model is no voice.
            for path in [voice.configPath, voice.modelPath] where unlink(path) != 0 && errno != ENOENT {
                throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
            }
            try? Self.syncFolder(holder, shownAs: holder)
        }
        return voice
    }

    // MARK: Steps

    /// The voice's name and the files to fetch for `argument`.
    func plan(_ argument: String) throws(NarrateError) -> (name: String, pieces: [Piece]) {
        if PageFetcher.isURL(argument) {
            // The query ("?download=true") is kept for both files; a fragment is the browser's.
            var model = argument
            if let fragment = model.firstIndex(of: "#") { model = String(model[..<fragment]) }
            var query = ""
            if let start = model.firstIndex(of: "?") {
                query = String(model[start...])
                model = String(model[..<start])
            }
            if model.hasSuffix(".onnx.json") { model = String(model.dropLast(5)) }
            guard model.hasSuffix(".onnx") else {
                throw .invalidOption(
                    name: "voice",
                    message:
                        "\(argument): not a voice's address; give the address of its .onnx file (its .onnx.json is fetched from beside it)")
            }
            let file = URL(string: model)?.lastPathComponent ?? (model as NSString).lastPathComponent
            let name = try Self.voiceName(String(file.dropLast(5)), from: argument)
            return (
                name,
                [
                    Piece(source: .address(model + query), name: "\(name).onnx"),
                    Piece(source: .address(model + ".json" + query), name: "\(name).onnx.json"),
                ]
            )
        }
        if argument.contains("/") || argument.hasSuffix(".onnx") || argument.hasSuffix(".onnx.json")
            || FileManager.default.fileExists(atPath: argument)
        {
            let model = argument.hasSuffix(".onnx.json") ? String(argument.dropLast(5)) : argument
            for path in [model, model + ".json"] where !FileManager.default.fileExists(atPath: path) {
                throw .inputUnavailable(
                    path: path,
                    reason: path == model
                        ? "no such file" : "no configuration beside the model; a Piper voice is NAME.onnx with NAME.onnx.json"
                )
            }
            let file = (model as NSString).lastPathComponent
            guard file.hasSuffix(".onnx") else {
                throw .invalidOption(
                    name: "voice", message: "\(argument): not a voice model; give its .onnx file, with its .onnx.json beside it")
            }
            let name = try Self.voiceName(String(file.dropLast(5)), from: argument)
            return (
                name, [Piece(source: .file(model), name: "\(name).onnx"), Piece(source: .file(model + ".json"), name: "\(name).onnx.json")]
            )
        }
        let catalogue = try catalogue()
        let entry = try catalogue.entry(named: argument)
        return (
            entry.name,
            entry.files.map { file in
                Piece(source: .address(catalogue.address(of: file)), name: file.name, size: file.size, md5: file.md5)
            }
        )
    }

    /// `name` if a voice can be called that (a file name of its own).
    static func voiceName(_ name: String, from argument: String) throws(NarrateError) -> String {
        let decoded = name.removingPercentEncoding ?? name
        guard PiperVoiceCatalogue.isFileName(decoded) else {
            throw .invalidOption(name: "voice", message: "\(argument): '\(decoded)' cannot be a voice's name")
        }
        return decoded
    }

    /// Writes `piece` into `staging`, to disk, and checks it against its size and digest.
    private func fetch(_ piece: Piece, into staging: String, shownAs shown: String, progress: @escaping (Progress) -> Void)
        throws(NarrateError)
    {
        let path = "\(staging)/\(piece.name)"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotCreateOutput(path: shown, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let digest = MessageDigest(.md5)
        var written = 0
        let receive = { (bytes: UnsafeBufferPointer<UInt8>, declared: Int?) throws(NarrateError) in
            do throws(SystemError) {
                try SystemCall.writeAll(descriptor, UnsafeRawBufferPointer(bytes))
            } catch {
                throw .writeFailed(path: shown, reason: error.description)
            }
            digest.update(UnsafeRawBufferPointer(bytes))
            written += bytes.count
            progress(Progress(file: piece.name, received: written, total: piece.size ?? declared))
        }
        let origin: String
        switch piece.source {
        case .address(let address):
            origin = address
            try download.download(address, maximumBytes: Self.maximumFileBytes, receive: receive)
        case .file(let source):
            origin = source
            try copy(source, total: FileContents.size(of: source).map(Int.init), receive: receive)
        }
        guard fsync(descriptor) == 0 else { throw .writeFailed(path: shown, reason: String(cString: strerror(errno))) }
        if let size = piece.size, written != size {
            throw .malformedInput(
                path: origin, message: "\(written) bytes arrived where the catalogue says \(size); nothing was installed, try again")
        }
        if let expected = piece.md5 {
            let actual = MessageDigest.hex(digest.finalize())
            guard actual == expected else {
                throw .malformedInput(
                    path: origin,
                    message: "its MD5 digest is \(actual) where the catalogue says \(expected); nothing was installed, try again"
                )
            }
        }
    }

    /// Reads `source` in pieces for `receive`, stopping when the download is cancelled.
    private func copy(_ source: String, total: Int?, receive: (UnsafeBufferPointer<UInt8>, Int?) throws(NarrateError) -> Void)
        throws(NarrateError)
    {
        let descriptor = open(source, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .inputUnavailable(path: source, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            if download.isCancelled() { throw .interrupted }
            let count: Int
            do {
                count = try SystemCall.read(descriptor, into: &buffer, stopsWhen: download.isCancelled)
            } catch {
                if error.code == EINTR { throw .interrupted }
                throw .inputUnavailable(path: source, reason: error.description)
            }
            if count == 0 { return }
            try buffer.withUnsafeBufferPointer { (all) throws(NarrateError) in
                try receive(UnsafeBufferPointer(rebasing: all[..<count]), total)
            }
        }
    }

    /// Checks what arrived is a voice: its configuration a Piper voice's, its model ONNX.
    private func check(folder staging: String, name: String, pieces: [Piece]) throws(NarrateError) {
        func origin(_ file: String) -> String {
            switch pieces.first(where: { $0.name == file })?.source {
            case .address(let address)?: address
            case .file(let path)?: path
            case nil: file
            }
        }
        let config = "\(name).onnx.json"
        let configBytes: [UInt8]
        do {
            configBytes = try FileContents.read("\(staging)/\(config)", limit: 1 << 20)
        } catch {
            throw .malformedInput(path: origin(config), message: "not a Piper voice's configuration (\(error.reason))")
        }
        _ = try PiperVoiceConfig(bytes: configBytes, path: origin(config))
        let model = "\(name).onnx"
        let modelBytes = (try? FileContents.read("\(staging)/\(model)", limit: Self.maximumFileBytes)) ?? []
        guard DurationOutput.isModel(modelBytes) else {
            throw .malformedInput(
                path: origin(model), message: "not an ONNX voice model (cut short, or another kind of file); nothing was installed")
        }
    }

    /// Renames `staging` to the voice's folder: over the installed one when `replacing`, else
    /// only if none is there. The voice installed, or nil when another install got there first.
    private func put(_ staging: String, inPlaceOf name: String, replacing: Bool) throws(NarrateError) -> PiperVoiceFiles.Voice? {
        let target = "\(folder)/\(name)"
        var doomed: String?
        if replacing {
            let old = "\(folder)/.removing-\(getpid())-\(name)"
            if rename(target, old) == 0 { doomed = old }
        }
        guard rename(staging, target) == 0 else {
            let reason = errno
            if let doomed { _ = rename(doomed, target) }
            if reason == ENOTEMPTY || reason == EEXIST { return nil }
            throw .writeFailed(path: target, reason: String(cString: strerror(reason)))
        }
        if replacing {
            // A voice installed by hand beside the folders would still win by name: it goes.
            unlink("\(folder)/\(name).onnx.json")
            unlink("\(folder)/\(name).onnx")
        }
        try Self.syncFolder(folder, shownAs: folder)
        if let doomed { try? FileManager.default.removeItem(atPath: doomed) }
        return PiperVoiceFiles.voice(name: name, model: "\(target)/\(name).onnx")
    }

    /// The voice of `name` installed in narrate's folder, if any.
    private func installed(named name: String) -> PiperVoiceFiles.Voice? {
        PiperVoiceFiles.voices(in: [folder]).first { $0.name == name }
    }

    /// Removes the hidden folders that installs and removals killed part way left behind (a
    /// process that is gone); those of running ones are theirs.
    private func removeAbandoned() {
        for entry in DirectoryEntries.list(folder) ?? [] where entry.isFolder {
            for prefix in [".partial-", ".removing-"] where entry.name.hasPrefix(prefix) {
                let rest = entry.name.dropFirst(prefix.count)
                guard let pid = rest.split(separator: "-", maxSplits: 1).first.flatMap({ pid_t($0) }) else { continue }
                if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                    try? FileManager.default.removeItem(atPath: "\(folder)/\(entry.name)")
                }
            }
        }
    }

    /// Makes `path` and the folders above it that are missing.
    static func makeFolder(_ path: String) throws(NarrateError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Writes the folder `path`'s entries to disk, so a rename in it outlives a power cut.
    static func syncFolder(_ path: String, shownAs shown: String) throws(NarrateError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .writeFailed(path: shown, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .writeFailed(path: shown, reason: String(cString: strerror(errno))) }
    }
}
