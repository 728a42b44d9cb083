#if canImport(Glibc)
import Glibc
#endif

/// Why a body is not JSON: what was wrong and at which byte.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// The byte where it was found.
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) at byte \(offset)" }
}

/// The kind of the JSON value that starts at the scanner's position.
public enum JSONValueKind: Equatable, Sendable {
    case object, array, string, number, boolean, null

    /// How a value of this kind is named in error messages.
    public var name: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "null"
        }
    }
}

/// A forward-only reader of JSON text (RFC 8259) over bytes: strings, numbers, literals,
/// and whole values skipped while still checked. It never builds a tree, so the caller keeps
/// only what it needs. Every syntax error, anywhere, is a `JSONSyntaxError`.
public struct JSONScanner {
    /// Nesting deeper than this is refused, as Foundation's decoder does, so a hostile body
    /// cannot exhaust the stack.
    public static let maximumDepth = 512

    /// The text; it must outlive the scanner.
    public let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    public var position = 0

    @inlinable public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Whether every byte has been read.
    @inlinable public var isAtEnd: Bool { position >= bytes.count }

    /// A syntax error at the current position.
    @inlinable public func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, offset: position) }

    /// Steps over spaces, tabs and line breaks.
    @inlinable public mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The kind of the next value, after any whitespace; the value itself is not consumed.
    @inlinable public mutating func peekKind() throws(JSONSyntaxError) -> JSONValueKind {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw error("unexpected character")
        }
    }

    /// Consumes `byte` after any whitespace, or throws.
    @inlinable public mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else {
            throw error("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        position += 1
    }

    /// Consumes `byte` after any whitespace when it is next; says whether it was.
    @inlinable public mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Walks the members of the object that starts here: `body` gets each key and must
    /// consume the member's value.
    @inlinable public mutating func readObject(
        depth: Int = 0, _ body: (inout JSONScanner, JSONKey) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        try expect(UInt8(ascii: "{"))
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            skipWhitespace()
            let key = try readKey()
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// Walks the elements of the array that starts here: `body` must consume each element.
    @inlinable public mutating func readArray(
        depth: Int = 0, _ body: (inout JSONScanner) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        try expect(UInt8(ascii: "["))
        if consume(UInt8(ascii: "]")) { return }
        repeat {
            try body(&self)
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    /// Consumes an object or array by its brackets and strings alone, not checking what lies
    /// between them (any other value is skipped as `skipValue` does): for a reader that wants
    /// a few members of a large file written by this project's own writer, where checking
    /// every number it skips cost more than the rest of the reading. Brackets must balance
    /// and strings close within the text, nesting stays within `maximumDepth`, or it is an
    /// error; a malformed value inside goes unnoticed. A number alone is stepped over by its
    /// characters, not parsed (a state's times cost two thousand instructions each to parse).
    public mutating func skipValueUnchecked() throws(JSONSyntaxError) {
        let kind = try peekKind()
        if kind == .number {
            while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
            return
        }
        guard kind == .object || kind == .array else { return try skipValue() }
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                while true {
                    guard position < bytes.count else { throw error("unexpected end of input in a string") }
                    let inside = bytes[position]
                    position += inside == UInt8(ascii: "\\") ? 2 : 1
                    if inside == UInt8(ascii: "\"") { break }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return }
            default:
                continue
            }
        }
        throw error("unexpected end of input")
    }

    /// Whether `byte` may be part of a JSON number: a digit, `-`, `+`, `.`, `e` or `E`.
    static func isNumberByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// Consumes any value, checking its syntax, and keeps nothing.
    @inlinable public mutating func skipValue(depth: Int = 0) throws(JSONSyntaxError) {
        switch try peekKind() {
        case .object:
            try readObject(depth: depth) { scanner, _ throws(JSONSyntaxError) in try scanner.skipValue(depth: depth + 1) }
        case .array:
            try readArray(depth: depth) { scanner throws(JSONSyntaxError) in try scanner.skipValue(depth: depth + 1) }
        case .string: _ = try readStringBytes()
        case .number: _ = try readNumber()
        case .boolean: _ = try readBoolean()
        case .null: try readNull()
        }
    }

    /// Reads `null`.
    @inlinable public mutating func readNull() throws(JSONSyntaxError) { try readLiteral("null") }

    /// Reads `true` or `false`.
    @inlinable public mutating func readBoolean() throws(JSONSyntaxError) -> Bool {
        if position < bytes.count, bytes[position] == UInt8(ascii: "t") {
            try readLiteral("true")
            return true
        }
        try readLiteral("false")
        return false
    }

    @usableFromInline mutating func readLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        skipWhitespace()
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of input") }
        for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] {
            throw error("invalid literal")
        }
        position += count
    }
}
