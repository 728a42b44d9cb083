#if canImport(Glibc)
import Glibc
#endif

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
        /// The member that held it.
        public var key: String
        public var description: String { "'\(key)' is not a finite number" }
        public init(key: String) { self.key = key }
    }

    /// The document so far.
    public var bytes: [UInt8] = []
    /// Where whitespace goes, for the whole document.
    public let layout: Layout
    @usableFromInline let indents: Bool
    @usableFromInline var depth = 0
    /// Whether the innermost open container has a member yet.
    @usableFromInline var hasMember = false
    /// `hasMember` of the enclosing containers, innermost in bit 0; those deeper than 64 in
    /// `deeperHadMember` (a bit stack: no allocation per container on the hot path).
    @usableFromInline var enclosingHadMember: UInt64 = 0
    @usableFromInline var deeperHadMember: [Bool] = []

    /// An empty document in `layout`, with room for `capacity` bytes.
    public init(layout: Layout = .compact, capacity: Int = 0) {
        self.layout = layout
        indents = layout != .compact
        bytes.reserveCapacity(capacity)
    }

    // MARK: Containers

    /// `{`; then `key(…)` and a value for each member, then `endObject()`.
    @inlinable public mutating func beginObject() { begin(UInt8(ascii: "{")) }
    /// `}`, on its own line when indented and the object has members.
    @inlinable public mutating func endObject() { end(UInt8(ascii: "}")) }
    /// `[`; then `element()` and a value for each element, then `endArray()`.
    @inlinable public mutating func beginArray() { begin(UInt8(ascii: "[")) }
    /// `]`, on its own line when indented and the array has elements.
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

    /// A key escaped once, for the keys a hot loop writes again and again.
    public struct PreparedKey: Sendable {
        @usableFromInline let quoted: [UInt8]

        /// `name`, quoted and escaped as `writeString` writes it.
        public init(_ name: String) {
            var writer = JSONWriter()
            writer.writeString(name)
            quoted = writer.bytes
        }
    }

    /// A key escaped beforehand.
    @inlinable public mutating func key(_ prepared: PreparedKey) {
        separate()
        bytes += prepared.quoted
        colon()
    }

    /// Any key, escaped as needed.
    @inlinable public mutating func key(_ name: String) {
        separate()
        writeString(name)
        colon()
    }

    @inlinable @inline(__always) mutating func begin(_ byte: UInt8) {
        bytes.append(byte)
        if depth >= 64 { deeperHadMember.append(enclosingHadMember >> 63 == 1) }
        enclosingHadMember = enclosingHadMember << 1 | (hasMember ? 1 : 0)
        hasMember = false
        depth += 1
    }

    @inlinable @inline(__always) mutating func end(_ byte: UInt8) {
        depth -= 1
        if hasMember, indents { newline() }
        bytes.append(byte)
        hasMember = enclosingHadMember & 1 == 1
        enclosingHadMember >>= 1
        if depth >= 64, deeperHadMember.removeLast() { enclosingHadMember |= 1 << 63 }
    }

    @inlinable @inline(__always) mutating func separate() {
        if hasMember { bytes.append(UInt8(ascii: ",")) }
        hasMember = true
        if indents { newline() }
    }

    @inlinable mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { bytes += [UInt8(ascii: " "), UInt8(ascii: " ")] }
    }

    @inlinable @inline(__always) mutating func colon() {
        guard indents else { bytes.append(UInt8(ascii: ":")); return }
        switch layout {
        case .compact: bytes.append(UInt8(ascii: ":"))
        case .indented: bytes += [UInt8(ascii: ":"), UInt8(ascii: " ")]
        case .indentedSpacedColon: bytes += [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")]
        }
    }

    // MARK: Values

    /// `null`.
    @inlinable public mutating func writeNull() { appendStatic("null") }

    /// `true` or `false`.
    @inlinable public mutating func writeBool(_ value: Bool) { appendStatic(value ? "true" : "false") }

    /// Exact decimal digits.
    @inlinable public mutating func writeInteger(_ value: Int) { DecimalDigits.append(value, to: &bytes) }

    /// Exact decimal digits.
    @inlinable public mutating func writeInteger(_ value: UInt64) { DecimalDigits.append(value, to: &bytes) }

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
            DecimalDigits.append(UInt64(abs(value)), to: &bytes)
            return
        }
        var text = value.description
        // Its bytes in one copy, `.0` dropped by looking at two bytes (`hasSuffix` compares
        // Characters; a Substring's bytes are appended one at a time).
        text.withUTF8 { utf8 in
            let whole = utf8.count >= 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8[utf8.count - 1] == UInt8(ascii: "0")
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<(whole ? utf8.count - 2 : utf8.count)]))
        }
    }

    /// Number text that is already valid JSON (an exact decimal), written as it is.
    @inlinable public mutating func writeNumberText(_ text: String) { bytes += text.utf8 }

    /// A JSON string. `"` and `\` are escaped; so is every control character (`\b \f \n \r \t`,
    /// the rest as `\u00XX`: C0, DEL and the C1 controls U+0080…U+009F, such as the CSI
    /// U+009B) and the line and paragraph separators U+2028 and U+2029, so no text can move a
    /// terminal's cursor or end a JavaScript line, and a document can be printed as it is.
    /// Everything else — 東京, emoji — is written as its UTF-8.
    @inlinable public mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escape: checked and copied whole from their contiguous UTF-8
        // (`withUTF8` spills a small string to the stack). (0xE2 leads U+2028 and U+2029,
        // 0xC2 the C1 controls.)
        var text = text
        let plain = text.withUTF8 { utf8 in
            guard Self.isPlain(utf8) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !plain { appendEscaped(text) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether no byte of `buffer` may need an escape: eight bytes at a time (the state file
    /// checks every name of every city each cycle).
    @inlinable static func isPlain(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A high bit where a byte of `word` is zero.
        @inline(__always) func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        var index = 0
        let raw = UnsafeRawPointer(buffer.baseAddress)
        while index + 8 <= buffer.count, let raw {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let below = (word &- ones &* 0x20) & ~word & highs
            let found = below | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
                | zeroBytes(word ^ (ones &* 0x7F)) | zeroBytes(word ^ (ones &* 0xE2))
                | zeroBytes(word ^ (ones &* 0xC2))
            if found != 0 { return false }
            index += 8
        }
        while index < buffer.count {
            if mayNeedEscape(buffer[index]) { return false }
            index += 1
        }
        return true
    }

    @inlinable @inline(__always) static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2 || byte == 0xC2
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
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
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
    @inlinable public static func precedes(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { left in
            second.withUTF8 { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
    }
}
