/// The one JSON writer: every document Breeze writes (the state file, outbox entries, webhook
/// bodies, control-socket lines, every `breezectl … --json`) is appended to `bytes` here.
///
/// Callers write members in order; `JSONValue` sorts keys for the paths that build a tree, and
/// the state writer, which writes thousands of cities every cycle, writes them already sorted.
/// Text is escaped the one way (`writeString`), numbers are written the one way (`writeDouble`,
/// `writeInteger`); the layout decides only where whitespace goes.
public struct JSONWriter {
    /// Where whitespace goes.
    public enum Layout: Sendable, Equatable {
        /// No whitespace at all: the state file, webhook bodies, control-socket lines.
        case compact
        /// Two spaces of indent, `"key": value`, `[]` and `{}` when empty: the style of `jq`
        /// and of Python's `json.dumps(indent=2, sort_keys=True, ensure_ascii=False)`.
        case indented
        /// Two spaces of indent, `"key" : value`: the outbox files' layout, as written since
        /// the first version (tools and tests edit them by that pattern).
        case indentedSpacedColon
    }

    /// Thrown for a number JSON cannot hold (infinity or NaN), naming where it was.
    public struct NonFiniteNumber: Error, CustomStringConvertible, Equatable {
        public var key: String
        public var description: String { "'\(key)' is not a finite number" }
        public init(key: String) { self.key = key }
    }

    /// The document so far.
    public var bytes: [UInt8] = []
    public let layout: Layout
    @usableFromInline var depth = 0
    /// Whether the innermost open container has a member yet.
    @usableFromInline var hasMember = false
    @usableFromInline var openedWithMember: [Bool] = []

    public init(layout: Layout = .compact, capacity: Int = 0) {
        self.layout = layout
        bytes.reserveCapacity(capacity)
    }

    // MARK: Containers

    /// `{`; then `key(…)` and a value for each member, then `endObject()`.
    @inlinable public mutating func beginObject() { begin(UInt8(ascii: "{")) }
    @inlinable public mutating func endObject() { end(UInt8(ascii: "}")) }
    /// `[`; then `element()` and a value for each element, then `endArray()`.
    @inlinable public mutating func beginArray() { begin(UInt8(ascii: "[")) }
    @inlinable public mutating func endArray() { end(UInt8(ascii: "]")) }

    /// Before each element of an array: the separator and the line break.
    @inlinable public mutating func element() { separate() }

    /// A fixed key of plain ASCII that needs no escape, written as it is.
    @inlinable public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendStatic(name)
        bytes.append(UInt8(ascii: "\""))
        colon()
    }

    /// Any key, escaped as needed.
    @inlinable public mutating func key(_ name: String) {
        separate()
        writeString(name)
        colon()
    }

    @inlinable mutating func begin(_ byte: UInt8) {
        bytes.append(byte)
        openedWithMember.append(hasMember)
        hasMember = false
        depth += 1
    }

    @inlinable mutating func end(_ byte: UInt8) {
        depth -= 1
        if hasMember, layout != .compact { newline() }
        bytes.append(byte)
        hasMember = openedWithMember.removeLast()
    }

    @inlinable mutating func separate() {
        if hasMember { bytes.append(UInt8(ascii: ",")) }
        hasMember = true
        if layout != .compact { newline() }
    }

    @inlinable mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { bytes += [UInt8(ascii: " "), UInt8(ascii: " ")] }
    }

    @inlinable mutating func colon() {
        switch layout {
        case .compact: bytes.append(UInt8(ascii: ":"))
        case .indented: bytes += [UInt8(ascii: ":"), UInt8(ascii: " ")]
        case .indentedSpacedColon: bytes += [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")]
        }
    }

    // MARK: Values

    @inlinable public mutating func writeNull() { appendStatic("null") }

    @inlinable public mutating func writeBool(_ value: Bool) { appendStatic(value ? "true" : "false") }

    /// Exact decimal digits.
    @inlinable public mutating func writeInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        writeDigits(UInt64(value.magnitude))
    }

    /// Exact decimal digits.
    @inlinable public mutating func writeInteger(_ value: UInt64) { writeDigits(value) }

    @inlinable mutating func writeDigits(_ value: UInt64) {
        var magnitude = value
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// The shortest text that reads back as the same `Double`, whole numbers without `.0`
    /// (`-60`, `-0`, `0.1`, `1e+300`): what Foundation's `JSONEncoder` writes. JSON has no
    /// infinity or NaN: those throw, naming `key`.
    @inlinable public mutating func writeDouble(_ value: Double, key: StaticString) throws(NonFiniteNumber) {
        guard value.isFinite else { throw NonFiniteNumber(key: key.description) }
        writeFiniteDouble(value)
    }

    /// As `writeDouble(_:key:)`, for a value known to be finite.
    @inlinable public mutating func writeFiniteDouble(_ value: Double) {
        // Whole numbers are most of them (times, counts): digits without a String.
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
            writeDigits(UInt64(abs(value)))
            return
        }
        let text = value.description
        bytes += text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...]
    }

    /// Number text that is already valid JSON (an exact decimal), written as it is.
    @inlinable public mutating func writeNumberText(_ text: String) { bytes += text.utf8 }

    /// A JSON string. `"` and `\` are escaped; so is every control character (`\b \f \n \r \t`,
    /// the rest as `\u00XX`), DEL and the line and paragraph separators U+2028 and U+2029,
    /// so no text can move a terminal's cursor or end a JavaScript line. Everything else —
    /// 東京, emoji — is written as its UTF-8.
    @inlinable public mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escape: copy them whole.
        if text.utf8.contains(where: Self.mayNeedEscape) {
            appendEscaped(text)
        } else {
            bytes += text.utf8
        }
        bytes.append(UInt8(ascii: "\""))
    }

    @inlinable static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xE2
    }

    @usableFromInline mutating func appendEscaped(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case 0x5C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20, 0x7F, 0x2028, 0x2029:
                let hex = Array("0123456789abcdef".utf8)
                let value = Int(scalar.value)
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
                bytes += [hex[value >> 12], hex[(value >> 8) & 0xF], hex[(value >> 4) & 0xF], hex[value & 0xF]]
            default: bytes += UTF8.encode(scalar)!
            }
        }
    }

    @inlinable mutating func appendStatic(_ text: StaticString) {
        bytes += UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// The order of sorted keys: by UTF-8 bytes, which is the order of Unicode scalars (that
    /// of `JSONEncoder`'s `.sortedKeys`, of Python's `sort_keys` and of `jq -S`).
    public static func precedes(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { left in
            second.withUTF8 { right in
                let common = min(left.count, right.count)
                for index in 0..<common where left[index] != right[index] { return left[index] < right[index] }
                return left.count < right.count
            }
        }
    }
}
