import Testing

@testable import BreezeControl

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
}
