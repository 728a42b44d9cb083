import Testing

@testable import BreezeConfig

/// The quoted syntax's `\u{…}` escape, and `QuotedText.quote`, which writes what the parser
/// reads: every control, format and separator character escaped, the rest as it is.
struct QuotedEscapeTests {
    static let hostile = [
        "C\u{9B}D", "Say \"hi\"", "back\\slash\\", "#hash", ";semi", "  spaced  ", "a=b",
        "line\u{2028}sep", "para\u{2029}sep", "next\u{85}line", "nul\u{0}byte", "esc\u{1B}[31mred",
        "bell\u{7}", "東京", String(repeating: "Ab", count: 100), "\u{301}accent first",
        "rtl\u{202E}evil", "tab\there\nnewline\r", "\\u{41}", "dot reph\u{D4E}", "vt\u{B}ff\u{C}",
        "bom\u{FEFF}", "zwj 👩\u{200D}👩", "\\", "\"", "]", "a\\\u{301}b",
    ]

    /// Whether a scalar a terminal acts on, a reader cannot see, or the parser splits lines at.
    static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    @Test(arguments: hostile)
    func aQuotedNameIsPrintableAndLoadsBackTheSame(name: String) throws {
        let quoted = QuotedText.quote(name)
        #expect(!quoted.unicodeScalars.contains(where: Self.isUnprintable))
        // The quotes are characters of their own: no mark joins them.
        #expect(quoted.first == "\"" && quoted.last == "\"")
        let text = "[City \(quoted)]\nLatitude=1\nLongitude=2\nCountry=\(quoted)\n"
        let outcome = Load.text(text)
        #expect(outcome.errors == [])
        let city = try #require(outcome.configuration?.cities.first?.city)
        #expect(city.name.unicodeScalars.elementsEqual(name.unicodeScalars))
        #expect(city.country.map { $0.unicodeScalars.elementsEqual(name.unicodeScalars) } == true)
    }

    @Test func escapesAreWrittenAsThisSyntaxHasThem() {
        #expect(QuotedText.quote("C\u{9B}D") == #""C\u{9B}D""#)
        #expect(QuotedText.quote("a\u{1B}[0m\u{7}\u{0}") == #""a\u{1B}[0m\u{7}\u{0}""#)
        #expect(QuotedText.quote("x\u{2028}y\u{85}") == #""x\u{2028}y\u{85}""#)
        #expect(QuotedText.quote("say \"hi\"\\\n\t") == #""say \"hi\"\\\n\t""#)
        #expect(QuotedText.quote("東京 São") == "\"東京 São\"")
        #expect(QuotedText.quote("\u{301}a") == #""\u{301}a""#)
    }

    @Test(arguments: [
        (#""\u{1B}""#, "\u{1B}"), (#""\u{2028}""#, "\u{2028}"), (#""\u{9b}x""#, "\u{9B}x"),
        (#""\u{10FFFF}""#, "\u{10FFFF}"), (#""\u{0041}\u{42}""#, "AB"),
        // Not escapes: kept as written, as any other backslash is.
        (#""\u{}""#, #"\u{}"#), (#""\u{110000}""#, #"\u{110000}"#), (#""\u{D800}""#, #"\u{D800}"#),
        (#""\u{0000041}""#, #"\u{0000041}"#), (#""\u41""#, #"\u41"#), (#""\x41""#, #"\x41"#),
        (#""\u{4G}""#, #"\u{4G}"#), (#""\u{41""#, #"\u{41"#), (#""C:\temp\new""#, "C:\temp\new"),
    ])
    func escapesAreReadInQuotes(written: String, read: String) {
        #expect(QuotedText.scalar(written).unicodeScalars.elementsEqual(read.unicodeScalars))
    }

    @Test func anEscapeOutsideQuotesIsText() {
        #expect(QuotedText.scalar(#"a\u{41}"#) == #"a\u{41}"#)
    }

    @Test func aCombiningMarkAfterAQuoteOrBackslashIsContent() {
        #expect(QuotedText.scalar("\"\u{301}a\"") == "\u{301}a")
        #expect(QuotedText.words("\"x\\\\\u{301}\", b") == ["x\\\u{301}", "b"])
    }
}
