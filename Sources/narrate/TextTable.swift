/// Rows printed as aligned columns under a header, for people (scripts use `--json`).
struct TextTable {
    var header: [String]
    var rows: [[String]]
    /// Columns aligned to the right (numbers), by index.
    var rightAligned: Set<Int> = []

    var rendered: String {
        var widths = header.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (column, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                let isLast = column == cells.count - 1
                if rightAligned.contains(column) {
                    text += padding + cell
                } else {
                    text += isLast ? cell : cell + padding
                }
                if !isLast { text += "  " }
            }
            return text
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }
}
