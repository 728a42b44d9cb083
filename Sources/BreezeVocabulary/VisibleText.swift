/// Text from outside (a city's name from a configuration file or a geocoding answer, a
/// receiver's name, a value a server sent) made safe to show where people read plain text: a
/// terminal, a log line, a chat message, an ntfy or mail header. The one home of which scalars
/// are unsafe to show and how they are shown; `TerminalText`, both loggers, the chat and mail
/// formats and their headers all go through it. (JSON is not display: `JSONWriter` escapes by
/// JSON's rules. HTML isolates a name in `<bdi>` instead.)
///
/// Unsafe, because they move the cursor, end or forge a line, reorder the text around them or
/// cannot be seen:
/// - every control character (general category Cc: C0 U+0000–U+001F, DEL U+007F, C1
///   U+0080–U+009F);
/// - every format character (general category Cf): the bidirectional embeddings and overrides
///   U+202A–U+202E, isolates U+2066–U+2069 and marks U+200E, U+200F, U+061C; the zero-width
///   space, non-joiner and joiner U+200B–U+200D; the word joiner and invisible operators
///   U+2060–U+2064; the byte order mark U+FEFF; the soft hyphen U+00AD; the tag characters
///   U+E0001–U+E007F; and the rest of Cf in the Unicode tables Swift carries;
/// - the line and paragraph separators U+2028 and U+2029.
///
/// So a Persian name's zero-width non-joiner, or an emoji's joiner, is shown as its escape too:
/// the price of a rule with no exceptions a name could hide behind.
///
/// Shown as `\n`, `\r`, `\t`; `\x1B` for the other C0 codes and DEL; `\u{9B}`, `\u{202E}`
/// (the scalar's value in upper-case hex, at least two digits) for the rest. Escaping is
/// idempotent: what it writes holds no unsafe scalar.
public enum VisibleText {
    /// What a caller's own text may carry as is.
    public struct Kept: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `\n` (several lines printed at once).
        public static let lineBreaks = Kept(rawValue: 1)
        /// `\t`.
        public static let tabs = Kept(rawValue: 2)
    }

    /// Whether `scalar` is unsafe to show as it is (see the type's description).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: scalar.properties.generalCategory == .format
        }
    }

    /// Whether `text` holds a scalar `escaped` would change (ignoring what `kept` allows).
    public static func needsEscaping(_ text: String, keeping kept: Kept = []) -> Bool {
        // Printable ASCII is the common case and needs no table look-up.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return false }
        return text.unicodeScalars.contains { isUnsafe($0) && !isKept($0, kept) }
    }

    /// `text` with its unsafe scalars escaped, except what `kept` allows.
    public static func escaped(_ text: String, keeping kept: Kept = []) -> String {
        guard needsEscaping(text, keeping: kept) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        appendEscaping(text, keeping: kept, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`'s UTF-8 to `bytes`, escaped as `escaped` does.
    public static func append(_ text: String, keeping kept: Kept = [], to bytes: inout [UInt8]) {
        guard needsEscaping(text, keeping: kept) else {
            bytes += text.utf8
            return
        }
        appendEscaping(text, keeping: kept, to: &bytes)
    }

    private static func appendEscaping(_ text: String, keeping kept: Kept, to bytes: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar), !isKept(scalar, kept) else {
                UTF8.encode(scalar) { bytes.append($0) }
                continue
            }
            switch scalar.value {
            case 0x0A: bytes += Array(#"\n"#.utf8)
            case 0x0D: bytes += Array(#"\r"#.utf8)
            case 0x09: bytes += Array(#"\t"#.utf8)
            case 0x00...0x1F, 0x7F: bytes += Array(#"\x"#.utf8) + hex(scalar.value, digits: 2)
            default: bytes += Array(#"\u{"#.utf8) + hex(scalar.value, digits: 2) + [UInt8(ascii: "}")]
            }
        }
    }

    private static func isKept(_ scalar: Unicode.Scalar, _ kept: Kept) -> Bool {
        (scalar == "\n" && kept.contains(.lineBreaks)) || (scalar == "\t" && kept.contains(.tabs))
    }

    /// `value` in upper-case hex, at least `digits` digits.
    private static func hex(_ value: UInt32, digits: Int) -> [UInt8] {
        let alphabet = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        var rest = value
        repeat {
            result.append(alphabet[Int(rest & 0xF)])
            rest >>= 4
        } while rest > 0 || result.count < digits
        return result.reversed()
    }
}
