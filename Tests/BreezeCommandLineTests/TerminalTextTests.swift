import BreezeCommandLine
import BreezeTestSupport
import Synchronization
import Testing

/// Control characters from names and values never reach a terminal raw (issue 11).
struct TerminalTextTests {
    @Test func everyControlCharacterIsEscaped() {
        #expect(TerminalText.escaped("Pa\u{1B}]0;pwned\u{07}ris") == #"Pa\x1B]0;pwned\x07ris"#)
        #expect(TerminalText.escaped("a\u{01}b\u{7F}c\u{00}") == #"a\x01b\x7Fc\x00"#)
        #expect(TerminalText.escaped("one\ntwo\r\tthree") == #"one\ntwo\r\tthree"#)
        #expect(TerminalText.escaped("csi\u{9B}2J") == #"csi\u{9B}2J"#)
    }

    @Test func plainTextAndOtherScriptsAreUnchanged() {
        #expect(TerminalText.escaped("東京 Zürich Ångström ☠️ µg/m³ — é") == "東京 Zürich Ångström ☠️ µg/m³ — é")
        // U+00A0…U+00BF also start with 0xC2 and are not controls.
        #expect(TerminalText.escaped("20\u{A0}°C ¿") == "20\u{A0}°C ¿")
    }

    @Test func keptCharactersAreTheCallersOwn() {
        #expect(TerminalText.escaped("a\nb\tc", keeping: [.lineBreaks, .tabs]) == "a\nb\tc")
        let coloured = "\u{1B}[38;5;196m162\u{1B}[0m"
        #expect(TerminalText.escaped(coloured, keeping: .colours) == coloured)
        // Only colour codes: a cursor movement or a screen clear is escaped even then.
        #expect(TerminalText.escaped("\u{1B}[2J\u{1B}[H", keeping: .colours) == #"\x1B[2J\x1B[H"#)
        #expect(TerminalText.escaped("\u{1B}[", keeping: .colours) == #"\x1B["#)
    }

    @Test func theConsoleEscapesWhatItPrints() {
        let output = Mutex("")
        let errors = Mutex("")
        let console = Console(
            writeOutput: { text in output.withLock { $0 += text } },
            writeError: { text in errors.withLock { $0 += text } }, colours: false)
        console.print("Paris\u{1B}[2J\nline two")
        console.printError("unknown city 'R\u{1B}ome'")
        #expect(output.withLock { $0 } == "Paris\\x1B[2J\nline two\n")
        #expect(errors.withLock { $0 } == "unknown city 'R\\x1Bome'\n")
    }

    /// Many lines go out in few writes, each line as `print` would have written it.
    @Test func linesPrintAsEachLineWouldInFewWrites() {
        let lines = (0..<20_000).map { "Bench \($0)\u{1B}[2J 東京" } + ["", "last"]
        let one = Mutex("")
        let many = Mutex((text: "", writes: 0))
        let single = Console(writeOutput: { text in one.withLock { $0 += text } }, writeError: { _ in }, colours: false)
        let batched = Console(
            writeOutput: { text in many.withLock { $0.text += text; $0.writes += 1 } }, writeError: { _ in }, colours: false)
        lines.forEach(single.print)
        batched.print(lines: lines)
        #expect(many.withLock { $0.text } == one.withLock { $0 })
        let bytes = one.withLock { $0.utf8.count }
        #expect(many.withLock { $0.writes } <= bytes / (1 << 16) + 1)
        batched.print(lines: [])
        #expect(many.withLock { $0.writes } <= bytes / (1 << 16) + 1)
    }

    /// The hostile names' table: a terminal shows each as `VisibleText` does, whatever is kept.
    @Test(arguments: HostileName.all)
    func hostileNamesAreShownAsTheTableSays(_ row: HostileName) {
        #expect(TerminalText.escaped(row.name) == row.visible)
        #expect(TerminalText.escaped(row.name, keeping: .colours) == row.visible)
    }

    @Test func colourCodesAreKeptAndABidiOverrideBetweenThemIsEscaped() {
        let coloured = "\u{1B}[31mParis\u{202E}gnp.exe\u{1B}[0m \u{2066}x"
        #expect(TerminalText.escaped(coloured, keeping: .colours) == "\u{1B}[31m" + #"Paris\u{202E}gnp.exe"# + "\u{1B}[0m " + #"\u{2066}x"#)
        #expect(TerminalText.escaped(coloured) == #"\x1B[31mParis\u{202E}gnp.exe\x1B[0m \u{2066}x"#)
    }
}
