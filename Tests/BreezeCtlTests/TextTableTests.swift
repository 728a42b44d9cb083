import BreezeCommandLine
import Testing

@testable import BreezeCtl

/// Columns line up on a terminal whatever script a name is in.
struct TextTableTests {
    @Test func wideAndCombiningCharactersAlign() {
        let lines = TextTable().lines([
            ["東京", "35.68"],
            ["Cafe\u{301}", "1"],
            ["Paris", "48.85"],
            ["😀 x", "2"],
        ])
        #expect(lines == [
            "東京   35.68",
            "Cafe\u{301}   1",
            "Paris  48.85",
            "😀 x   2",
        ])
    }

    @Test func aFittedColumnIsCutByColumnsNotCharacters() {
        let lines = TextTable(fit: (width: 12, column: 0)).lines([["東京東京東京東京", "1"]])
        // Room for 9 columns: four wide characters (8) then "…".
        #expect(lines == ["東京東京…  1"])
    }

    @Test func aFittedTableShortensOneColumnWithAnEllipsis() {
        let table = TextTable(rightAligned: [1], fit: (20, 0))
        let lines = table.lines([["Name", "AQI"], ["A very long city name indeed", "42"], ["Short", "7"]])
        #expect(lines == ["Name             AQI", "A very long ci…   42", "Short              7"])
        #expect(lines.allSatisfy { TerminalWidth.columns($0) <= 20 })
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        let cell = TextTable.Cell("Evil\u{1B}[31mCity\n\u{9B}")
        #expect(cell.text == #"Evil\x1B[31mCity\n\u{9B}"#)
        #expect(TextTable.Cell("\u{1B}[0m", width: 0).text == "\u{1B}[0m")
    }

    @Test func emojiTakeTwoColumnsWhenShortening() {
        let cell = TextTable.shortened(TextTable.Cell("😷😷😷 abc"), to: 5)
        #expect(cell.text == "😷😷…")
        #expect(cell.width == 5)
    }

    /// The lines as the table built them before it built them by bytes: cells padded with
    /// strings, joined, trailing spaces cut.
    static func paddedAndJoined(_ table: TextTable, _ rows: [[String]]) -> [String] {
        let cells = rows.map { $0.map { TextTable.Cell($0) } }
        let count = cells.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in cells.map { $0.indices.contains(column) ? $0[column].width : 0 }.max() ?? 0 }
        return cells.map { row in
            var line = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.width)
                return table.rightAligned.contains(column) ? padding + cell.text : cell.text + padding
            }.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    @Test func linesByBytesAreThoseOfPaddedStrings() {
        let long = String(repeating: "長", count: 200)
        let rows = [
            ["CITY", "AQI", "BAND", "ERROR"],
            ["東京", "42", "😐 Moderate", ""],
            [long, "", "", "trailing spaces   "],
            ["Evil\u{1B}[31m\tCity\r\n", "1e300", "Cafe\u{301}", "x"],
            ["", "  ", "☠️", ""],
            ["short row"],
            [],
        ]
        for table in [TextTable(), TextTable(rightAligned: [1, 3])] {
            #expect(table.lines(rows) == Self.paddedAndJoined(table, rows))
        }
    }
}
