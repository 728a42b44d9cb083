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

    /// A string's content as a `String`, escapes resolved.
    @inlinable public mutating func readString() throws(JSONSyntaxError) -> String {
        switch try readStringBytes() {
        case .plain(let range): return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        case .escaped(let unescaped): return String(decoding: unescaped, as: UTF8.self)
        }
    }

    /// A member name: compared byte for byte with the names the reader knows.
    @inlinable public mutating func readKey() throws(JSONSyntaxError) -> JSONKey {
        switch try readStringBytes() {
        case .plain(let range): return JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]), unescaped: nil)
        case .escaped(let unescaped): return JSONKey(bytes: UnsafeRawBufferPointer(start: nil, count: 0), unescaped: unescaped)
        }
    }

    /// A string's bytes: a range of the input when it holds no escape (the common case, no
    /// copy), else the unescaped bytes.
    public enum RawString {
        case plain(Range<Int>)
        case escaped([UInt8])
    }

    /// Reads a string, checking that it is UTF-8 (so `readString` can trust it).
    @inlinable public mutating func readStringBytes() throws(JSONSyntaxError) -> RawString {
        try expect(UInt8(ascii: "\""))
        let start = position
        var ascii = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                let range = start..<(position - 1)
                if !ascii { try checkUTF8(UnsafeRawBufferPointer(rebasing: bytes[range]), at: start) }
                return .plain(range)
            }
            if byte == UInt8(ascii: "\\") {
                let unescaped = try readEscapedString(from: start)
                guard String(validating: unescaped, as: UTF8.self) != nil else {
                    throw JSONSyntaxError(message: "invalid UTF-8 in a string", offset: start)
                }
                return .escaped(unescaped)
            }
            guard byte >= 0x20 else { throw error("control character in a string") }
            if byte >= 0x80 { ascii = false }
            position += 1
        }
        throw error("unterminated string")
    }

    @usableFromInline func checkUTF8(_ text: UnsafeRawBufferPointer, at start: Int) throws(JSONSyntaxError) {
        guard String(validating: text.bindMemory(to: UInt8.self), as: UTF8.self) != nil else {
            throw JSONSyntaxError(message: "invalid UTF-8 in a string", offset: start)
        }
    }

    @usableFromInline mutating func readEscapedString(from start: Int) throws(JSONSyntaxError) -> [UInt8] {
        var result = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return result
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw error("unterminated string") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(escape)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"): result += UTF8.encode(try readUnicodeEscape())!
                default: throw error("invalid escape")
                }
            default:
                guard byte >= 0x20 else { throw error("control character in a string") }
                result.append(byte)
            }
        }
        throw error("unterminated string")
    }

    /// After `\u`: four hex digits, and a low surrogate's `\uXXXX` when they name a high one.
    @usableFromInline mutating func readUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try readHexQuad()
        if (0xD800..<0xDC00).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate") }
            position += 2
            let second = try readHexQuad()
            guard (0xDC00..<0xE000).contains(second) else { throw error("unpaired surrogate") }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else { throw error("unpaired surrogate") }
        return scalar
    }

    @usableFromInline mutating func readHexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("unterminated string") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}

/// An object member's name as read: the input's bytes, or the unescaped copy.
public struct JSONKey {
    /// The name's bytes in the input when it has no escape (else empty).
    public let bytes: UnsafeRawBufferPointer
    /// The unescaped name when it had an escape.
    public let unescaped: [UInt8]?

    @usableFromInline init(bytes: UnsafeRawBufferPointer, unescaped: [UInt8]?) {
        self.bytes = bytes
        self.unescaped = unescaped
    }

    /// Whether the name is exactly `name`.
    @inlinable public func equals(_ name: StaticString) -> Bool {
        let expected = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        if let unescaped { return unescaped.elementsEqual(expected) }
        guard bytes.count == expected.count else { return false }
        return bytes.count == 0 || memcmp(bytes.baseAddress!, expected.baseAddress!, bytes.count) == 0
    }

    /// The name as a `String` (already checked to be UTF-8).
    public var string: String {
        if let unescaped { return String(decoding: unescaped, as: UTF8.self) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
