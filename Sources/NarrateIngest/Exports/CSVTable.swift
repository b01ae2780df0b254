import Foundation

/// Comma-separated values as RFC 4180 writes them (and as Pocket and Instapaper export):
/// fields in double quotes may hold commas, line breaks and doubled quotes; lines end in CRLF
/// or LF; a byte-order mark is skipped.
struct CSVTable {
    /// The rows, the header first.
    var rows: [[String]]

    init(_ text: String) {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var atFieldStart = true
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return scalars.next()
        }
        var first = true
        while let scalar = next() {
            if first {
                first = false
                if scalar == "\u{FEFF}" { continue }
            }
            if quoted {
                if scalar == "\"" {
                    if let following = next() {
                        if following == "\"" {
                            field.unicodeScalars.append("\"")
                        } else {
                            quoted = false
                            pending = following
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where atFieldStart:
                quoted = true
                atFieldStart = false
            case ",":
                row.append(field)
                field = ""
                atFieldStart = true
            case "\r":
                if let following = next(), following != "\n" { pending = following }
                fallthrough
            case "\n":
                row.append(field)
                if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
                row = []
                field = ""
                atFieldStart = true
            default:
                field.unicodeScalars.append(scalar)
                atFieldStart = false
            }
        }
        if !field.isEmpty || !row.isEmpty || quoted {
            row.append(field)
            rows.append(row)
        }
        self.rows = rows
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
