internal import CNarrateArchive
import NarrateCore

/// The files of an archived export (Omnivore's zip), read with libarchive: only the ones
/// asked for, and no more than `limit` bytes of them all together, so a small archive that
/// expands without bound (a zip bomb) is refused rather than read into memory.
struct ExportArchive {
    /// The regular files that were asked for, by their path in the archive.
    let files: [String: [UInt8]]

    /// How much the files asked for may expand to, together.
    static let defaultLimit = 1 << 30

    /// Reads the archive at `path`, keeping the regular files whose path `wanted` accepts.
    init(path: String, limit: Int = defaultLimit, wanted: (String) -> Bool) throws(NarrateError) {
        var code: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard let archive = narrate_archive_open(path, &code, &message, message.count) else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            switch Int(code) {
            case Int(NARRATE_ARCHIVE_UNAVAILABLE):
                throw .readerUnavailable(format: "zip exports", reason: reason, package: "libarchive13")
            case Int(NARRATE_ARCHIVE_UNREADABLE):
                throw .inputUnavailable(path: path, reason: reason.isEmpty ? "cannot be opened" : reason)
            default:
                throw .malformedInput(path: path, message: "a damaged archive (\(reason))")
            }
        }
        defer { narrate_archive_close(archive) }
        var files: [String: [UInt8]] = [:]
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
            guard isFile != 0, wanted(entry) else { continue }
            var contents: [UInt8] = []
            while true {
                let count = buffer.withUnsafeMutableBytes { narrate_archive_read(archive, $0.baseAddress, $0.count) }
                if count == 0 { break }
                guard count > 0 else {
                    throw .malformedInput(path: path, message: "a damaged archive at \(entry) (\(String(cString: narrate_archive_message(archive))))")
                }
                total += count
                guard total <= limit else {
                    throw .malformedInput(path: path, message: "an archive that expands beyond \(limit >> 20) MiB; unpack it and import its metadata file")
                }
                contents.append(contentsOf: buffer[0..<count])
            }
            files[entry] = contents
        }
        self.files = files
    }

    /// Whether `bytes` begin as a zip archive does.
    static func isZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 3, 4]) || bytes.starts(with: [0x50, 0x4B, 5, 6])
    }
}
