#if canImport(Glibc)
import Glibc
#endif

// Strings and member names: the input's bytes when there is no escape, checked as UTF-8.
extension JSONScanner {
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
