import Foundation
import NarrateCore
import NarrateIngest

/// libFuzzer's entry point: reads the input as an export file the way `narrate import` does
/// (`ExportReader.read`: Pocket's CSV and HTML, Instapaper's CSV through libcsv, Wallabag's
/// and Omnivore's JSON, bookmarks, lists of URLs), and stops the process on any broken promise.
///
/// An input that begins as a zip does is written to a file and read from its path, as an
/// Omnivore zip is: its metadata kept, its articles unpacked one by one, each link's article
/// then read as the import reads it (`carriedContent`).
///
/// Reading may fail only with the errors an export's bytes can earn: sysexits' 65 (empty, not
/// an export narrate knows, broken JSON, a damaged zip, an article or list over its limit).
/// Every link read has an absolute http(s) address without white space, and a title, when it
/// has one, that is not empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let links: [SavedLink]
    do {
        if bytes.starts(with: [0x50, 0x4B]) {
            _ = FileManager.default.createFile(atPath: zipPath, contents: Data(bytes))
            (_, links) = try ExportReader.read(path: zipPath)
            for link in links { _ = try? link.carriedContent() }
        } else {
            (_, links) = try ExportReader.read(bytes, path: "/nonexistent/narrate-fuzz/export")
        }
    } catch {
        if error.isUnreadableInput { return 0 }
        if case .inputUnavailable = error { return 0 }
        fatalError("export reader: unexpected error: \(error)")
    }
    for link in links {
        let lowered = link.url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { fatalError("not an http(s) address: \(link.url)") }
        if link.url.unicodeScalars.contains(where: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            fatalError("white space in an address: \(link.url)")
        }
        if link.title?.isEmpty == true { fatalError("an empty title instead of none: \(link.url)") }
    }
    return 0
}

/// Where a zip input is written to be read from its path: one file a fuzzing process.
private let zipPath = "\(NSTemporaryDirectory())/narrate-fuzz-export-\(getpid()).zip"
