internal import CNarrateCSV
import Foundation

/// Comma-separated values as RFC 4180 writes them (and as Pocket and Instapaper export),
/// read with libcsv: fields in double quotes may hold commas, line breaks and doubled quotes;
/// lines end in CRLF, LF or CR. libcsv reads forgivingly: spaces and tabs around an unquoted
/// field are dropped, a stray quote is kept, a quoted field left open ends with the text, and
/// lines without a field are skipped. A byte-order mark is skipped.
struct CSVTable {
    /// The rows, the header first.
    var rows: [[String]]

    /// Why a table could not be read.
    enum Failure: Error, Equatable {
        /// libcsv cannot be loaded.
        case unavailable
        /// Memory ran out.
        case noMemory
    }

    /// The fields and records libcsv reports, gathered as it reads.
    private final class Gathering {
        var rows: [[String]] = []
        var row: [String] = []
    }

    init(_ text: String) throws(Failure) {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let gathering = Gathering()
        let context = Unmanaged.passUnretained(gathering).toOpaque()
        let code = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                narrate_csv_read(
                    characters.baseAddress, characters.count,
                    { field, size, context in
                        let gathering = Unmanaged<Gathering>.fromOpaque(context!).takeUnretainedValue()
                        let bytes = UnsafeRawBufferPointer(start: field, count: size)
                        gathering.row.append(String(decoding: bytes, as: UTF8.self))
                    },
                    { context in
                        let gathering = Unmanaged<Gathering>.fromOpaque(context!).takeUnretainedValue()
                        gathering.rows.append(gathering.row)
                        gathering.row = []
                    },
                    context
                )
            }
        }
        switch Int(code) {
        case NARRATE_CSV_OK: rows = gathering.rows
        case NARRATE_CSV_UNAVAILABLE: throw .unavailable
        default: throw .noMemory
        }
    }

    /// The header's names, lower-cased and trimmed.
    var header: [String] {
        (rows.first ?? []).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// The rows after the header as dictionaries by header name.
    var records: [[String: String]] {
        let names = header
        return rows.dropFirst().map { row in
            var record: [String: String] = [:]
            for (index, name) in names.enumerated() where index < row.count { record[name] = row[index] }
            return record
        }
    }
}
