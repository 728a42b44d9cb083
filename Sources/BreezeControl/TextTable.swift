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
            self.width = width ?? TextTable.columns(self.text)
        }
    }

    /// Columns whose cells are padded on the left (numbers).
    var rightAligned: Set<Int> = []

    /// One line per row, trailing spaces removed.
    func lines(_ rows: [[Cell]]) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in
            rows.map { $0.indices.contains(column) ? $0[column].width : 0 }.max() ?? 0
        }
        return rows.map { row in
            var line = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.width)
                return rightAligned.contains(column) ? padding + cell.text : cell.text + padding
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// One line per row of plain text.
    func lines(_ rows: [[String]]) -> [String] {
        lines(rows.map { $0.map { Cell($0) } })
    }

    /// Terminal columns of plain text: one per character, two for an emoji (every band's
    /// emoji is wide, `☠️` by its variation selector).
    static func columns(_ text: String) -> Int {
        text.reduce(0) { total, character in
            let scalars = character.unicodeScalars
            let wide = scalars.first?.properties.isEmojiPresentation == true
                || scalars.contains("\u{FE0F}")
            return total + (wide ? 2 : 1)
        }
    }
}
