import BreezeJSON
import Testing

/// The scanner on its own: values, escapes, and what it refuses.
struct JSONScannerTests {
    func scan<Value>(_ text: String, _ read: (inout JSONScanner) throws(JSONSyntaxError) -> Value) throws -> Value {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            let value = try read(&scanner)
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.error("text after the value") }
            return value
        }
    }

    @Test(arguments: ["0", "-0", "9.8", "1e22", "1e23", "123456789012345678901234567890", "4.9e-324", "-17.25E+2", "1e400"])
    func numbersAreTheNearestDouble(text: String) throws {
        let value = try scan(text) { scanner throws(JSONSyntaxError) in try scanner.readNumber() }
        #expect(value == Double(text) ?? .infinity)
        #expect(value.sign == (Double(text) ?? .infinity).sign)
    }

    @Test func escapesAreResolved() throws {
        let text = try scan(#" "a\"b\\c\/d\n\t\u03bc\ud83d\ude00" "#) { scanner throws(JSONSyntaxError) in try scanner.readString() }
        #expect(text == "a\"b\\c/d\n\t\u{03BC}😀")
    }

    @Test func keysCompareByBytes() throws {
        try scan(#"{"plain":1,"esc\u0061ped":2}"#) { scanner throws(JSONSyntaxError) in
            var seen: [String] = []
            try scanner.readObject { scanner, key throws(JSONSyntaxError) in
                if key.equals("plain") || key.equals("escaped") { seen.append(key.string) }
                try scanner.skipValue()
            }
            #expect(seen == ["plain", "escaped"])
        }
    }

    @Test(arguments: ["01", "1.", "-", ".5", "1e", "+1", "tru", "\"\\x\"", "\"\\ud800\"", "\"a\nb\"", "[1,]", "{\"a\":1,}", "[1 2]"])
    func notJSONIsRefused(text: String) {
        #expect(throws: JSONSyntaxError.self) {
            try scan(text) { scanner throws(JSONSyntaxError) in try scanner.skipValue() }
        }
    }

    @Test func deepNestingIsRefused() {
        let text = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONSyntaxError.self) {
            try scan(text) { scanner throws(JSONSyntaxError) in try scanner.skipValue() }
        }
    }

    /// The unchecked skip ends where the checked one does on JSON, and still refuses text
    /// that ends inside a value or nests too deep.
    @Test(arguments: [
        #"{"a":[1,{"b":"]}\"["}],"c":null}"#, #"[]"#, #"{}"#, #"  [ "\\", "x\"]" , {"k":[[]]} ]"#, #""s\"""#, "-1.5e3", "true",
        #"{"東京":"\u005d]"}"#, "1764751234.5678", "-0", "1E+300", "2e-7",
    ])
    func uncheckedSkipEndsWhereTheCheckedOneDoes(text: String) throws {
        let bytes = Array((text + " ,").utf8)
        var checkedEnd = -1
        var uncheckedEnd = -2
        try bytes.withUnsafeBytes { buffer in
            var checked = JSONScanner(buffer)
            try checked.skipValue()
            checkedEnd = checked.position
            var unchecked = JSONScanner(buffer)
            try unchecked.skipValueUnchecked()
            uncheckedEnd = unchecked.position
        }
        #expect(checkedEnd == uncheckedEnd)
    }

    @Test(arguments: [#"{"a":1"#, #"["]"#, #"{"a":"\"}"#, "[", #""open"#])
    func uncheckedSkipRefusesAnEndInsideAValue(text: String) {
        #expect(throws: JSONSyntaxError.self) {
            try scan(text) { scanner throws(JSONSyntaxError) in try scanner.skipValueUnchecked() }
        }
    }

    @Test func uncheckedSkipRefusesDeepNesting() throws {
        let text = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONSyntaxError.self) {
            try scan(text) { scanner throws(JSONSyntaxError) in try scanner.skipValueUnchecked() }
        }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        try scan(fine) { scanner throws(JSONSyntaxError) in try scanner.skipValueUnchecked() }
    }
}
