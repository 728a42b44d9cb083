import BreezeJSON
import Foundation
import Testing

/// The one writer on its own: escaping, numbers, layouts, and what the scanner reads back.
struct JSONWriterTests {
    func string(_ text: String) -> String {
        var writer = JSONWriter()
        writer.writeString(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    func double(_ value: Double) -> String {
        var writer = JSONWriter()
        writer.writeFiniteDouble(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func everyControlCharacterIsEscaped() {
        let short: [UInt32: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]
        for value in UInt32(0)..<0x20 {
            let text = String(Character(Unicode.Scalar(value)!))
            let expected = short[value] ?? "\\u00" + (value < 0x10 ? "0" : "") + String(value, radix: 16)
            #expect(string(text) == "\"" + expected + "\"", "U+\(String(value, radix: 16))")
        }
        #expect(string("\u{7F}") == #""\u007f""#)
        #expect(string("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
        #expect(string("say \"hi\" \\ /") == #""say \"hi\" \\ /""#)
    }

    /// The check for plain text reads eight bytes at a time: every byte that needs an escape
    /// is found at every position of a word, and in the tail.
    @Test func escapesAreFoundAtEveryPosition() {
        let escapes: [(String, String)] = [
            ("\u{0}", #"\u0000"#), ("\u{1F}", #"\u001f"#), ("\"", #"\""#), ("\\", #"\\"#), ("\u{7F}", #"\u007f"#),
            ("\u{2028}", #"\u2028"#), ("\n", #"\n"#), ("\u{80}", #"\u0080"#), ("\u{85}", #"\u0085"#),
            ("\u{9B}", #"\u009b"#), ("\u{9F}", #"\u009f"#),
        ]
        for (character, escaped) in escapes {
            for position in 0..<20 {
                let before = String(repeating: "a", count: position)
                let after = String(repeating: "b", count: 19 - position)
                #expect(string(before + character + after) == "\"" + before + escaped + after + "\"", "\(escaped) at \(position)")
            }
        }
        // Bytes next to the escaped ones stay as they are (¡ and ° lead with 0xC2, as C1 does).
        let near = "\u{20}\u{21}\u{23}\u{5B}\u{5D}\u{7E}\u{A0}\u{E1}\u{E3}!#[]~ ¡°"
        #expect(string(near + near) == "\"" + near + near + "\"")
    }

    @Test func otherTextIsWrittenAsItsUTF8() {
        #expect(string("東京") == "\"東京\"")
        #expect(string("😀 São Paulo") == "\"😀 São Paulo\"")
        // U+2000–U+2FFF share 0xE2 with the separators: only those two are escaped.
        #expect(string("→ – €\u{2028}") == "\"→ – €\\u2028\"")
        #expect(Array(string("東京\n").utf8) == Array("\"東京\\n\"".utf8))
    }

    /// A Swift string cannot hold a lone surrogate: bytes that encode one arrive as U+FFFD,
    /// and the writer writes that replacement, so the output is always valid UTF-8.
    @Test func aLoneSurrogateArrivesAsTheReplacementCharacter() throws {
        let decoded = String(decoding: [0x61, 0xED, 0xA0, 0x80, 0x62], as: UTF8.self)
        let written = string(decoded)
        #expect(String(validating: Array(written.utf8), as: UTF8.self) != nil)
        #expect(!written.contains("\\ud800"))
        #expect(try read(written) { scanner throws(JSONSyntaxError) in try scanner.readString() } == decoded)
    }

    @Test func numbersAreWhatJSONEncoderWrites() throws {
        let values: [Double] = [
            0, -0.0, 1, -60, 0.1, 1e300, -1e300, 1e-7, .leastNonzeroMagnitude, 1e15, 9_007_199_254_740_992, 1e16, 123456789.125,
            1_800_000_950.123456, 76.4, .greatestFiniteMagnitude, .leastNormalMagnitude,
        ]
        let encoder = JSONEncoder()
        for value in values {
            let expected = String(decoding: try encoder.encode([value]), as: UTF8.self)
            #expect("[" + double(value) + "]" == expected, "\(value)")
        }
        #expect(double(-0.0) == "-0")
        #expect(double(1e300) == "1e+300")
    }

    @Test func integersAreExact() {
        var writer = JSONWriter()
        writer.beginArray()
        for value in [0, -1, Int.max, Int.min] { writer.element(); writer.writeInteger(value) }
        writer.element()
        writer.writeInteger(UInt64.max)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self)
            == "[0,-1,9223372036854775807,-9223372036854775808,18446744073709551615]")
    }

    /// NaN and infinity: the writer refuses them (naming the key); a tree writes them as null,
    /// as the webhook bodies always have.
    @Test func nonFiniteNumbersAreRefusedOrNull() {
        for value in [Double.nan, .infinity, -.infinity] {
            var writer = JSONWriter()
            #expect(throws: JSONWriter.NonFiniteNumber(key: "aqi")) { try writer.writeDouble(value, key: "aqi") }
            #expect(writer.bytes.isEmpty)
            #expect(JSONValue.array([.number(value)]).bytes == Array("[null]".utf8))
        }
    }

    static let nested = JSONValue.object([
        "b": .array([.integer(1), .object(["x": .null]), .array([])]),
        "a": .string("東京"), "é": .bool(true), "Z": .object([:]), "n": .numberText("0.078"),
    ])

    @Test func compactSortsKeysByUTF8() {
        #expect(Self.nested.text(.compact) == #"{"Z":{},"a":"東京","b":[1,{"x":null},[]],"n":0.078,"é":true}"#)
    }

    @Test func indentedIsTheStyleOfPythonAndJq() {
        let expected = """
            {
              "Z": {},
              "a": "東京",
              "b": [
                1,
                {
                  "x": null
                },
                []
              ],
              "n": 0.078,
              "é": true
            }
            """
        #expect(Self.nested.text(.indented) == expected)
    }

    @Test func indentedSpacedColonIsTheOutboxLayout() {
        let value = JSONValue.object(["attempts": .integer(1), "event": .object(["aqi": .integer(170)])])
        #expect(value.text(.indentedSpacedColon) == "{\n  \"attempts\" : 1,\n  \"event\" : {\n    \"aqi\" : 170\n  }\n}")
    }

    func read<Value>(_ text: String, _ body: (inout JSONScanner) throws(JSONSyntaxError) -> Value) throws -> Value {
        try Array(text.utf8).withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            let value = try body(&scanner)
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.error("text after the value") }
            return value
        }
    }
}
