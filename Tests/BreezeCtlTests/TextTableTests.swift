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
}
