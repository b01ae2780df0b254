internal import CNarrateArchive
import Foundation
import NarrateCore

/// The files of an archived export (Omnivore's zip), read with libarchive entry by entry, in
/// memory bounded by the limits whatever the archive holds: its small files (the list of
/// links) kept in memory, each at most `InputLimits.exportBytes`; its articles unpacked one at
/// a time into a folder of their own, each at most `InputLimits.articleBytes` (a larger one is
/// left out and named in `tooLarge`); and no more than `limit` bytes of them all together, so
/// an archive that expands without bound (a zip bomb) is refused rather than read.
struct ExportArchive {
    /// What becomes of an entry.
    enum Use {
        /// Kept in memory (a list of links).
        case keep
        /// Unpacked into the folder, as this name.
        case unpack(as: String)
        /// Read through and counted against the limits, but not kept (a book's chapters,
        /// checked before any is read).
        case measure
        /// Passed over.
        case skip
    }

    /// The entries kept in memory, by their path in the archive.
    let files: [String: [UInt8]]
    /// The entries unpacked: their name in the folder, by their path in the archive.
    let unpacked: [String: String]
    /// The entries larger than an article may be, by their path in the archive (not unpacked).
    let tooLarge: Set<String>

    /// How much the files asked for may expand to, together.
    static let defaultLimit = 1 << 30

    /// Reads the archive at `path`, each regular file as `use` says; unpacked ones go into
    /// `folder`.
    init(path: String, limit: Int = defaultLimit, folder: UnpackedExport?, use: (String) -> Use) throws(NarrateError) {
        var code: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard let archive = narrate_archive_open(path, &code, &message, message.count) else {
            throw Self.openFailure(code: code, message: CMessage.text(message), path: path, format: "zip exports")
        }
        defer { narrate_archive_close(archive) }
        var files: [String: [UInt8]] = [:]
        (unpacked, tooLarge) = try Self.read(
            archive, path: path, limit: limit, folder: folder, use: use, overLimitHint: "; unpack it and import its metadata file",
            kept: (InputLimits.exportBytes, "one list of an export"), body: { entry, bytes in files[entry] = bytes })
        self.files = files
    }

    /// Reads the zip archive in `bytes` (a book read into memory), each regular file as `use`
    /// says (none is unpacked); `name` names it in errors.
    init(bytes: [UInt8], name: String, limit: Int = defaultLimit, use: (String) -> Use) throws(NarrateError) {
        var files: [String: [UInt8]] = [:]
        try Self.forEach(.bytes(bytes), name: name, limit: limit, use: use) { entry, bytes in files[entry] = bytes }
        self.files = files
        (unpacked, tooLarge) = ([:], [])
    }

    /// Where a book's zip archive is read from.
    enum Container: Sendable {
        /// Bytes read into memory.
        case bytes([UInt8])
        /// A file, read a block at a time each time it is walked (never held whole).
        case file(String)
    }

    /// Reads the zip archive in `container` (a book) in the order its entries are stored,
    /// handing each regular file `use` keeps to `body` as soon as it is read (nothing is held
    /// after): a book's chapters one at a time. `name` names it in errors.
    static func forEach(
        _ container: Container, name: String, limit: Int = defaultLimit, use: (String) -> Use,
        body: (String, [UInt8]) throws(NarrateError) -> Void
    ) throws(NarrateError) {
        func read(_ archive: OpaquePointer) throws(NarrateError) {
            defer { narrate_archive_close(archive) }
            _ = try Self.read(
                archive, path: name, limit: limit, folder: nil, use: use, overLimitHint: " (a zip bomb?)",
                kept: (InputLimits.articleBytes, "one chapter of a book"), body: body)
        }
        var code: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        switch container {
        case .bytes(let bytes):
            let opened = bytes.withUnsafeBytes { raw -> Result<Void, NarrateError> in
                guard let archive = narrate_archive_open_memory(raw.baseAddress, raw.count, &code, &message, message.count) else {
                    return .failure(Self.openFailure(code: code, message: CMessage.text(message), path: name, format: "EPUB books"))
                }
                return Result { () throws(NarrateError) in try read(archive) }
            }
            try opened.get()
        case .file(let path):
            guard let archive = narrate_archive_open(path, &code, &message, message.count) else {
                throw Self.openFailure(code: code, message: CMessage.text(message), path: name, format: "EPUB books")
            }
            try read(archive)
        }
    }

    private static func openFailure(code: Int32, message reason: String, path: String, format: String) -> NarrateError {
        switch Int(code) {
        case Int(NARRATE_ARCHIVE_UNAVAILABLE):
            return .readerUnavailable(format: format, reason: reason, package: "libarchive13")
        case Int(NARRATE_ARCHIVE_UNREADABLE):
            return .inputUnavailable(path: path, reason: reason.isEmpty ? "cannot be opened" : reason)
        default:
            return .malformedInput(path: path, message: "a damaged archive (\(reason))")
        }
    }

    /// The entries of the open `archive`, each as `use` says, those kept handed to `body`;
    /// `overLimitHint` ends the message of one that expands beyond `limit`; a file kept is at
    /// most `kept.bytes`, named `kept.kind`.
    private static func read(
        _ archive: OpaquePointer, path: String, limit: Int, folder: UnpackedExport?, use: (String) -> Use, overLimitHint: String,
        kept keptLimit: (bytes: Int, kind: String), body: (String, [UInt8]) throws(NarrateError) -> Void
    ) throws(NarrateError) -> ([String: String], Set<String>) {
        var unpacked: [String: String] = [:]
        var tooLarge = Set<String>()
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var name: UnsafePointer<CChar>?
            var isFile: Int32 = 0
            let step = narrate_archive_next(archive, &name, &isFile)
            if step == 0 { break }
            guard step > 0, let name else {
                throw .malformedInput(path: path, message: "a damaged archive (\(String(cString: narrate_archive_message(archive))))")
            }
            let entry = String(cString: name)
            guard isFile != 0 else { continue }
            let use = use(entry)
            var kept: [UInt8] = []
            var output: FileHandle?
            var outputPath = ""
            switch use {
            case .skip:
                continue
            case .keep, .measure:
                break
            case .unpack(let target):
                guard let folder else { continue }
                outputPath = "\(folder.path)/\(target)"
                guard FileManager.default.createFile(atPath: outputPath, contents: nil),
                    let handle = FileHandle(forWritingAtPath: outputPath)
                else {
                    throw .cannotCreateOutput(path: outputPath, reason: "cannot unpack the export's articles there")
                }
                output = handle
            }
            var size = 0
            var overLimit = false
            while true {
                let count = buffer.withUnsafeMutableBytes { narrate_archive_read(archive, $0.baseAddress, $0.count) }
                if count == 0 { break }
                guard count > 0 else {
                    try? output?.close()
                    throw .malformedInput(
                        path: path, message: "a damaged archive at \(entry) (\(String(cString: narrate_archive_message(archive))))")
                }
                total += count
                guard total <= limit else {
                    try? output?.close()
                    throw .malformedInput(
                        path: path, message: "an archive that expands beyond \(limit >> 20) MiB\(overLimitHint)")
                }
                size += count
                switch use {
                case .keep, .measure:
                    guard size <= keptLimit.bytes else {
                        throw .inputTooLarge(path: "\(path): \(entry)", limit: keptLimit.bytes, kind: keptLimit.kind)
                    }
                    if case .keep = use { kept.append(contentsOf: buffer[0..<count]) }
                case .unpack:
                    // Larger than an article may be: the rest is passed over unread.
                    if size > InputLimits.articleBytes { overLimit = true }
                    if !overLimit {
                        do {
                            try output?.write(contentsOf: buffer[0..<count])
                        } catch {
                            try? output?.close()
                            throw .writeFailed(path: outputPath, reason: "\(error.localizedDescription) (unpacking the export's articles)")
                        }
                    }
                case .skip:
                    break
                }
                if overLimit { break }
            }
            switch use {
            case .keep:
                try body(entry, kept)
            case .unpack(let target):
                try? output?.close()
                if overLimit {
                    unlink(outputPath)
                    tooLarge.insert(entry)
                } else {
                    unpacked[entry] = target
                }
            case .measure, .skip:
                break
            }
        }
        return (unpacked, tooLarge)
    }

    /// Whether `bytes` begin as a zip archive does.
    static func isZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 3, 4]) || bytes.starts(with: [0x50, 0x4B, 5, 6])
    }
}
