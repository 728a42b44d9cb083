import Testing

@testable import BreezeConfig

/// A value continued over 100,000 lines (a ~700 KB file) is joined in one pass: trimming the
/// whole joined text again at each line once made `breezed --check` take minutes on it.
struct LongContinuationTests {
    static let lineCount = 100_000
    static let words = (0..<lineCount).map { "w\($0)" }

    /// `[City "Paris"]` whose `Region=` runs over `lineCount` lines, each `wN \`, some
    /// indented and some with a comment between them, then a bad `Latitude=`.
    static let text: String = {
        var lines = ["[City \"Paris\"]", "Longitude=2.3488"]
        for (index, word) in words.enumerated() {
            let first = index == 0 ? "Region=" : ""
            let indent = index % 3 == 1 ? "   " : ""
            lines.append(indent + first + word + (index == lineCount - 1 ? "" : " \\"))
            if index % 1000 == 500 { lines.append("# a comment inside the continuation") }
        }
        lines.append("Latitude=north")
        return lines.joined(separator: "\n") + "\n"
    }()

    /// The physical line of `Latitude=north`: the header, Longitude=, the continued lines
    /// and the comments among them come first.
    static let latitudeLine = 2 + lineCount + lineCount / 1000 + 1

    @Test func theJoinedValueIsEveryLineWithOneSpace() throws {
        var diagnostics = DiagnosticCollector()
        let parsed = Parser.parse(Self.text, path: "big.conf", diagnostics: &diagnostics)
        #expect(diagnostics.errors.isEmpty)
        let assignments = try #require(parsed.sections.first).assignments
        #expect(assignments.map(\.key) == ["Longitude", "Region", "Latitude"])
        #expect(assignments[1].value.raw == Self.words.joined(separator: " "))
        #expect(assignments[1].location.line == 3)
        #expect(assignments[2].location.line == Self.latitudeLine)
    }

    @Test func errorsAfterTheLongValueNameTheirOwnLine() {
        let outcome = Load.sources([ConfigurationSource(path: "big.conf", text: Self.text, permissions: 0o600)])
        let length = Self.words.joined(separator: " ").unicodeScalars.count
        #expect(
            outcome.errors == [
                "big.conf:3: Region= is \(length) characters long; at most 200",
                "big.conf:\(Self.latitudeLine): Latitude=north: invalid number",
            ])
    }

    @Test func aLongContinuationThatEndsTheFileIsUnterminated() {
        var diagnostics = DiagnosticCollector()
        let text = "[Breeze]\nPollInterval=" + Self.words.prefix(1000).joined(separator: " \\\n") + " \\\n"
        _ = Parser.parse(text, path: "cut.conf", diagnostics: &diagnostics)
        #expect(
            diagnostics.errors.map(\.description) == [
                "cut.conf:2: unterminated continuation: the file ends after a trailing \"\\\""
            ])
    }
}
