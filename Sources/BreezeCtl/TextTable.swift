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
        // By bytes, each line built once: the spaces of a padded column appended, not made as a
        // string of their own and joined, and the trailing ones dropped from the bytes.
        var line: [UInt8] = []
        let right = widths.indices.map { rightAligned.contains($0) }
        return rows.map { row in
            line.removeAll(keepingCapacity: true)
            for (column, cell) in row.enumerated() {
                if column > 0 {
                    line.append(0x20)
                    line.append(0x20)
                }
                let padding = widths[column] - cell.width
                if right[column], padding > 0 { line.append(contentsOf: repeatElement(0x20, count: padding)) }
                // A native string's bytes at once; byte by byte only for one that is not.
                if cell.text.utf8.withContiguousStorageIfAvailable({ line.append(contentsOf: $0) }) == nil {
                    line.append(contentsOf: cell.text.utf8)
                }
                if !right[column], padding > 0 { line.append(contentsOf: repeatElement(0x20, count: padding)) }
            }
            while line.last == 0x20 { line.removeLast() }
            return String(decoding: line, as: UTF8.self)
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
        // Text that starts beyond ASCII is measured a grapheme at a time, and such cells repeat
        // down a column (a band's emoji, "—"): each is measured once.
        var measured: [String: Cell] = [:]
        return lines(rows.map { row in
            row.map { text in
                guard let first = text.utf8.first, first >= 0x80 else { return Cell(text) }
                if let cell = measured[text] { return cell }
                let cell = Cell(text)
                measured[text] = cell
                return cell
            }
        })
    }
}
