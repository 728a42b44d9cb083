import Testing

@testable import BreezeConfig

/// The byte-level fast paths of the parser give what the Character-level rules give.
struct LineSplittingTests {
    static let texts = [
        "", " ", "\t a = b \r", "key=value", " \r\n ", "[City \"São Paulo\"] ", " é ", "a\u{301} ",
        " \u{301}a", "\u{A0}x\u{A0}", "x\u{2028}", "\u{0B}\u{0C}v\u{0C}", "a\r\nb\rc\nd\u{0B}e\u{0C}f",
        "a\u{85}b", "a\u{2028}b\u{2029}c", "last\\\n", "\r\n\r\n", "x\n", "São\nPaulo\r\n",
    ]

    @Test(arguments: texts)
    func trimmingMatchesCharacters(text: String) {
        let start = text.firstIndex(where: { !$0.isWhitespace }) ?? text.endIndex
        let end = text.lastIndex(where: { !$0.isWhitespace }).map { text.index(after: $0) } ?? start
        #expect(text.trimmingWhitespace() == String(text[start..<end]))
    }

    @Test(arguments: texts)
    func splittingMatchesCharacters(text: String) {
        let expected = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if let lines = LineReader.splitASCIINewlines(text) {
            #expect(lines == expected)
        } else {
            // Only the non-ASCII newlines are left to the Character-level split.
            #expect(text.unicodeScalars.contains { ["\u{85}", "\u{2028}", "\u{2029}"].contains($0) })
        }
    }
}
