import BreezeJSON
import Testing

/// What the writer writes, the scanner reads back as the same value, in every layout.
struct JSONRoundTripTests {
    static let strings: [String] = [
        "", "plain", "東京", "😀", "\u{0}\u{1}\u{1F}\u{7F}", "\"\\/\u{8}\u{C}\n\r\t", "\u{2028}\u{2029}",
        String(repeating: "名", count: 200), String(decoding: [0xED, 0xB0, 0x80], as: UTF8.self),
    ]
    static let numbers: [Double] = [0, -0.0, 1e300, -1e-300, .leastNonzeroMagnitude, 0.1, 1e15, 1e16, 123456789.125, -60]

    /// Reads a tree of what the writer can write, numbers as Double.
    static func value(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> JSONValue {
        switch try scanner.peekKind() {
        case .null: try scanner.readNull(); return .null
        case .boolean: return .bool(try scanner.readBoolean())
        case .number: return .number(try scanner.readNumber())
        case .string: return .string(try scanner.readString())
        case .array:
            var elements: [JSONValue] = []
            try scanner.readArray { scanner throws(JSONSyntaxError) in elements.append(try value(&scanner)) }
            return .array(elements)
        case .object:
            var members: [String: JSONValue] = [:]
            try scanner.readObject { scanner, key throws(JSONSyntaxError) in members[key.string] = try value(&scanner) }
            return .object(members)
        }
    }

    static func readBack(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            let read = try value(&scanner)
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.error("text after the value") }
            return read
        }
    }

    @Test(arguments: [JSONWriter.Layout.compact, .indented, .indentedSpacedColon])
    func writtenValuesReadBackEqual(layout: JSONWriter.Layout) throws {
        let document = JSONValue.object([
            "strings": .array(Self.strings.map(JSONValue.string)),
            "numbers": .array(Self.numbers.map(JSONValue.number)),
            "keys": .object(Dictionary(uniqueKeysWithValues: Self.strings.enumerated().map { ($1, .number(Double($0))) })),
            "nested": .array([.array([.object([:]), .array([]), .null, .bool(false), .bool(true)])]),
        ])
        let read = try Self.readBack(document.bytes(layout))
        #expect(read == document)
        // -0 keeps its sign through text.
        guard case .object(let members) = read, case .array(let numbers) = members["numbers"],
            case .number(let negativeZero) = numbers[1]
        else { Issue.record("no numbers"); return }
        #expect(negativeZero.sign == .minus)
    }
}
