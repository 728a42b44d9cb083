import Testing

@testable import BreezeConfig

/// The parser reads an ASCII header by bytes; on every line it takes, it must open the section
/// the Character-by-Character reading does, and leave every other line to that reading.
struct ASCIIHeaderTests {
    static let long = String(repeating: "a", count: 200)

    static let lines: [String] = [
        "[Breeze]", "[ Breeze ]", "[\tBreeze\u{0B}]", "[City \"Paris\"]", "[City   \"Bench 00001\"]", "[City \"Paris\" ]",
        "[ City \"Saint-Denis (93)\" ]", "[City \"\(long)\"]", "[City \"\(long)a\"]", "[City \"  \"]", "[City \"\"]",
        "[City \"a\\\"b\"]", "[City \"a\\\\\"]", "[City \"a\"b\"]", "[City \"a\" x]", "[City a]", "[City \"open]",
        "[City \"\u{1B}[31mred\"]", "[City \"tab\there\"]", "[City \"\u{1C}sep\u{1F}\"]", "[City \"\u{7F}\"]",
        "[]", "[ ]", "[", "]", "[Breeze", "[Bad Kind]", "[Kind!]", "[City\u{0C}\"x\"]", "[City\"x\"]",
        "[City \"東京\"]", "[City \"Cafe\u{301}\"]", "[City \"x\"]\u{301}", "[Breeze]\u{301}", "[ \u{3000}Breeze]",
        "[City \"x\u{85}\"]", "[City \"\"\"]", "[\"x\"]", "[_-9 \"y\"]",
    ]

    @Test(arguments: lines)
    func bytesDecideAsCharactersDo(_ line: String) {
        var ignored = DiagnosticCollector()
        let location = SourceLocation(path: "breezed.conf", line: 1)
        let slow = Parser.characterHeader(line, location: location, diagnostics: &ignored)
        guard let fast = Parser.asciiHeader(line, location: location) else {
            // Left to the Character path: only lines it must judge (non-ASCII, escapes, errors).
            #expect(slow == nil || !line.utf8.allSatisfy { $0 < 0x80 } || line.contains("\\"), "\(line)")
            return
        }
        #expect(fast.kind == slow?.kind, "\(line)")
        #expect(fast.name == slow?.name, "\(line)")
        #expect(fast.location == slow?.location, "\(line)")
    }

    @Test func theByteReadingTakesTheCommonHeaders() {
        let location = SourceLocation(path: "breezed.conf", line: 1)
        #expect(Parser.asciiHeader("[City \"Bench 00001\"]", location: location)?.name == "Bench 00001")
        #expect(Parser.asciiHeader("[Breeze]", location: location)?.kind == "Breeze")
        #expect(Parser.asciiHeader("[City \"東京\"]", location: location) == nil)
    }
}
