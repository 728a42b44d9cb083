import BreezeTestSupport
import BreezeVocabulary
import Testing

/// The one rule for what may be shown as it is: controls, bidirectional and invisible format
/// characters and the line separators are shown as escapes; every other scalar as it is.
struct VisibleTextTests {
    @Test(arguments: HostileName.all)
    func eachHostileNameIsShownAsTheTableSays(_ row: HostileName) {
        #expect(VisibleText.escaped(row.name) == row.visible)
        var bytes: [UInt8] = Array("> ".utf8)
        VisibleText.append(row.name, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "> " + row.visible)
        // What it writes holds nothing unsafe, so escaping again changes nothing.
        #expect(!row.visible.unicodeScalars.contains(where: VisibleText.isUnsafe))
        #expect(VisibleText.escaped(row.visible) == row.visible)
        #expect(VisibleText.needsEscaping(row.name) == (row.name != row.visible))
    }

    /// Each range the rule names, at its ends: C0, DEL, C1, the soft hyphen, the Arabic
    /// letter mark, the zero-width and directional marks, the embeddings and overrides, the
    /// line and paragraph separators, the word joiner and invisible operators, the isolates,
    /// the byte order mark, the tags.
    @Test(arguments: [
        0x00, 0x1F, 0x7F, 0x80, 0x9F, 0xAD, 0x61C, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A,
        0x202E, 0x2028, 0x2029, 0x2060, 0x2064, 0x2066, 0x2069, 0xFEFF, 0xE0001, 0xE007F,
    ] as [UInt32])
    func theNamedScalarsAreUnsafe(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(VisibleText.isUnsafe(scalar))
        let shown = VisibleText.escaped("a" + String(Character(scalar)) + "b")
        #expect(shown.hasPrefix("a\\") && shown.hasSuffix("b") && shown.unicodeScalars.allSatisfy(\.isASCII))
    }

    /// Printable text in any script is shown as it is: spaces (also no-break and ideographic),
    /// accents, combining marks, an emoji's variation selector, CJK, emoji, Arabic, Hebrew.
    @Test func printableTextInAnyScriptIsUnchanged() {
        let text = "Zürich ~ São Paulo\u{A0}20\u{3000}Cafe\u{301} ☠\u{FE0F} 東京 😀 القاهرة תל אביב"
        #expect(!VisibleText.needsEscaping(text))
        #expect(VisibleText.escaped(text) == text)
    }

    @Test func controlsHaveTheirShortFormsAndTheRestTheirValue() {
        #expect(VisibleText.escaped("\n\r\t\u{0}\u{1B}\u{7F}") == #"\n\r\t\x00\x1B\x7F"#)
        #expect(VisibleText.escaped("\u{85}\u{AD}\u{61C}\u{202E}\u{E0001}") == #"\u{85}\u{AD}\u{61C}\u{202E}\u{E0001}"#)
    }

    @Test func keptLineBreaksAndTabsAreTheCallersOwn() {
        #expect(VisibleText.escaped("a\nb\tc\r", keeping: [.lineBreaks, .tabs]) == "a\nb\tc\\r")
        #expect(VisibleText.escaped("a\nb\u{202E}", keeping: .lineBreaks) == "a\nb\\u{202E}")
        #expect(VisibleText.escaped("a\tb", keeping: .lineBreaks) == #"a\tb"#)
    }
}
