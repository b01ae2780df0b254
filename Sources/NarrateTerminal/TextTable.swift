/// Rows printed as aligned columns under a header, for people (scripts use `--json`).
public struct TextTable {
    /// The columns' names.
    public var header: [String]
    /// The rows, a cell a column.
    public var rows: [[String]]
    /// Columns aligned to the right (numbers), by index.
    public var rightAligned: Set<Int> = []

    /// A table of `rows` under `header`, the columns in `rightAligned` aligned to the right.
    public init(header: [String], rows: [[String]], rightAligned: Set<Int> = []) {
        self.header = header
        self.rows = rows
        self.rightAligned = rightAligned
    }

    /// The table as text: a line a row, columns two spaces apart.
    public var rendered: String {
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
