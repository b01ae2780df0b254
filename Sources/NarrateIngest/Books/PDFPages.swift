import NarrateCore
import NarrateSystem

/// A PDF's pages as poppler reads them, read once and kept in a scratch file (`ScratchFile`),
/// a page at a time: every later walk over the document reads its pages' lines back from
/// there, several times faster than poppler lays a page out again, and never holds more
/// than one page of them.
///
/// A page is kept as its size and its lines, each line as its box, font size, weight and
/// words, in this machine's byte order (the file lives as long as this value, in this process).
final class PDFPages: Sendable {
    private let descriptor: Int32
    /// Where each page's record starts in the file, and (last) where the last one ends.
    private let offsets: [Int64]

    /// Reads every page of `file` (a page poppler cannot read has no lines), calls `body`
    /// with each as it is read (and its number, from 0), and keeps it. `name` names the
    /// document in errors.
    init(_ file: PDFFile, name: String, _ body: (PDFFile.Page, Int) -> Void) throws(NarrateError) {
        let descriptor: Int32
        do {
            descriptor = try ScratchFile.open(prefix: "narrate-pdf")
        } catch {
            throw Self.scratchFailure(error, name: name)
        }
        var starts: [Int64] = [0]
        var pending: [UInt8] = []
        var written: Int64 = 0
        func flush() throws(SystemError) {
            try SystemCall.writeAll(descriptor, pending)
            written += Int64(pending.count)
            pending.removeAll(keepingCapacity: true)
        }
        do {
            for index in 0..<file.pageCount {
                let page = file.page(index) ?? PDFFile.Page(width: 0, height: 0, lines: [])
                body(page, index)
                Self.append(page, to: &pending)
                starts.append(written + Int64(pending.count))
                if pending.count >= 1 << 16 { try flush() }
            }
            try flush()
        } catch {
            try? SystemCall.close(descriptor)
            throw Self.scratchFailure(error, name: name)
        }
        self.descriptor = descriptor
        offsets = starts
    }

    /// The scratch file could not be made or written: where, why, and what to do.
    private static func scratchFailure(_ error: SystemError, name: String) -> NarrateError {
        let remedy = error.code == ENOSPC || error.code == EDQUOT ? "free some space there, or set" : "set"
        return .cannotCreateOutput(
            path: ScratchFile.folder,
            reason: "\(error); narrate keeps a PDF's pages there while it reads \(name) (\(remedy) TMPDIR to a folder it can write)")
    }

    deinit {
        try? SystemCall.close(descriptor)
    }

    /// The number of pages.
    var count: Int { offsets.count - 1 }

    /// Page `index` (from 0) as it was read; `name` names the document in errors.
    func page(_ index: Int, name: String) throws(NarrateError) -> PDFFile.Page {
        var bytes = [UInt8](repeating: 0, count: Int(offsets[index + 1] - offsets[index]))
        var done = 0
        do {
            while done < bytes.count {
                let read = try bytes.withUnsafeMutableBytes { buffer throws(SystemError) in
                    try SystemCall.pread(
                        descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: offsets[index] + Int64(done))
                }
                guard read > 0 else { throw SystemError(code: EIO) }
                done += read
            }
        } catch {
            throw .inputUnavailable(
                path: name, reason: "its pages could not be read back from a scratch file in \(ScratchFile.folder): \(error)")
        }
        return Self.page(from: bytes)
    }

    // MARK: Records

    private static func append(_ page: PDFFile.Page, to bytes: inout [UInt8]) {
        append(page.width, to: &bytes)
        append(page.height, to: &bytes)
        append(UInt32(page.lines.count), to: &bytes)
        for line in page.lines {
            for value in [line.left, line.top, line.right, line.bottom, line.fontSize] { append(value, to: &bytes) }
            bytes.append(line.bold ? 1 : 0)
            let text = Array(line.text.utf8)
            append(UInt32(text.count), to: &bytes)
            bytes += text
        }
    }

    private static func append<Value: BitwiseCopyable>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    private static func page(from bytes: [UInt8]) -> PDFFile.Page {
        bytes.withUnsafeBytes { buffer in
            var at = 0
            func take<Value: BitwiseCopyable>(_: Value.Type) -> Value {
                defer { at += MemoryLayout<Value>.size }
                return buffer.loadUnaligned(fromByteOffset: at, as: Value.self)
            }
            let width = take(Double.self)
            let height = take(Double.self)
            let count = Int(take(UInt32.self))
            var lines: [PDFFile.Line] = []
            lines.reserveCapacity(count)
            for _ in 0..<count {
                let (left, top, right, bottom, fontSize) = (
                    take(Double.self), take(Double.self), take(Double.self), take(Double.self), take(Double.self)
                )
                let bold = take(UInt8.self) != 0
                let length = Int(take(UInt32.self))
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[at..<(at + length)]), as: UTF8.self)
                at += length
                lines.append(PDFFile.Line(text: text, left: left, top: top, right: right, bottom: bottom, fontSize: fontSize, bold: bold))
            }
            return PDFFile.Page(width: width, height: height, lines: lines)
        }
    }
}
