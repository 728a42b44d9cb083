import BreezeCommandLine

/// Rows of cells in aligned columns, two spaces apart, as a terminal shows them.
struct TextTable {
    /// What one cell prints, and how many terminal columns that takes.
    struct Cell {
        var text: String
        var width: Int

        /// `width` is needed only when `text` carries escape codes (colours) that take none;
        /// plain text has its control characters escaped first, so columns stay aligned.
        init(_ text: String, width: Int? = nil) {
            self.text = width == nil ? TerminalText.escaped(text) : text
            self.width = width ?? TerminalWidth.columns(self.text)
        }
    }

    /// Columns whose cells are padded on the left (numbers).
    var rightAligned: Set<Int> = []
    /// When set, lines wider than `width` terminal columns are fitted by shortening the cells of
    /// `column` (plain text only), ending them with "…".
    var fit: (width: Int, column: Int)? = nil

    /// One line per row, trailing spaces removed.
    func lines(_ rows: [[Cell]]) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        var widths = (0..<count).map { column in
            rows.map { $0.indices.contains(column) ? $0[column].width : 0 }.max() ?? 0
        }
        var rows = rows
        if let fit, widths.indices.contains(fit.column) {
            let others = widths.enumerated().filter { $0.offset != fit.column }.map(\.element).reduce(0, +)
            let room = max(4, fit.width - others - 2 * (count - 1))
            if widths[fit.column] > room {
                widths[fit.column] = room
                for index in rows.indices where rows[index].indices.contains(fit.column) {
                    rows[index][fit.column] = Self.shortened(rows[index][fit.column], to: room)
                }
            }
        }
        return rows.map { row in
            var line = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.width)
                return rightAligned.contains(column) ? padding + cell.text : cell.text + padding
            }.joined(separator: "  ")
            // By bytes: removing a padded column's spaces one Character at a time cost more
            // than the rest of the line. The byte after a scalar's last is a scalar boundary.
            let bytes = line.utf8
            guard let last = bytes.lastIndex(where: { $0 != UInt8(ascii: " ") }) else { return "" }
            line = String(line[..<bytes.index(after: last)])
            return line
        }
    }

    /// `cell` cut to `width` columns, its last one "…", when it is wider (`TerminalWidth.shortened`).
    static func shortened(_ cell: Cell, to width: Int) -> Cell {
        guard cell.width > width else { return cell }
        let cut = TerminalWidth.shortened(cell.text, to: width)
        return Cell(cut.text, width: cut.columns)
    }

    /// One line per row of plain text.
    func lines(_ rows: [[String]]) -> [String] {
        lines(rows.map { $0.map { Cell($0) } })
    }
}
