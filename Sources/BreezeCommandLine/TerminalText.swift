/// Text from outside (a city's name in a configuration file, a value a server sent) made safe
/// for a terminal or a log line: every control character is written as an escape, so an ESC
/// or a `\r` in a name can never move the cursor, clear the screen, retitle the window or
/// forge a line. The one home of that rule, for `breezectl`'s output and both loggers.
public enum TerminalText {
    /// What a caller's own text may carry as is.
    public struct Kept: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `\n` (several lines printed at once).
        public static let lineBreaks = Kept(rawValue: 1)
        /// `\t`.
        public static let tabs = Kept(rawValue: 2)
        /// Colour codes (`ESC [ … m`, SGR only), which `breezectl` writes itself on a terminal.
        public static let colours = Kept(rawValue: 4)
    }

    /// `text` with its control characters escaped: `\n`, `\r`, `\t`, `\x1B` for the other C0
    /// codes and DEL, `\u{9B}` for C1 codes, except what `kept` allows.
    public static func escaped(_ text: String, keeping kept: Kept = []) -> String {
        guard needsEscaping(text) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        append(text, keeping: kept, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`'s UTF-8 to `bytes`, escaped as `escaped` does.
    public static func append(_ text: String, keeping kept: Kept = [], to bytes: inout [UInt8]) {
        guard needsEscaping(text) else {
            bytes += text.utf8
            return
        }
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            switch byte {
            case 0x0A where kept.contains(.lineBreaks), 0x09 where kept.contains(.tabs):
                bytes.append(byte)
            case 0x1B where kept.contains(.colours) && isColourCode(utf8, from: index):
                bytes.append(byte)
            case 0x0A: bytes += Array(#"\n"#.utf8)
            case 0x0D: bytes += Array(#"\r"#.utf8)
            case 0x09: bytes += Array(#"\t"#.utf8)
            case 0x00...0x1F, 0x7F: bytes += Array(#"\x"#.utf8) + hex(byte)
            // C1 controls (U+0080…U+009F) are 0xC2 0x80…0x9F in UTF-8; 0x9B is a CSI by itself.
            case 0xC2 where index < utf8.count && (0x80...0x9F).contains(utf8[index]):
                bytes += Array(#"\u{"#.utf8) + hex(utf8[index]) + [UInt8(ascii: "}")]
                index += 1
            default: bytes.append(byte)
            }
        }
    }

    /// Whether `text` holds a byte that may start a control character.
    private static func needsEscaping(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }
    }

    /// Whether `ESC` (just before `start`) opens an SGR code: `[`, digits and `;`, then `m`.
    private static func isColourCode(_ utf8: [UInt8], from start: Int) -> Bool {
        guard start < utf8.count, utf8[start] == UInt8(ascii: "[") else { return false }
        var index = start + 1
        while index < utf8.count, utf8[index] == UInt8(ascii: ";") || (0x30...0x39).contains(utf8[index]) {
            index += 1
        }
        return index < utf8.count && utf8[index] == UInt8(ascii: "m")
    }

    private static func hex(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}
