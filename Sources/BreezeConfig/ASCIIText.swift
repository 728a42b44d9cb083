/// The parser's tests on bytes where they decide the same as on `Character`s: a key or a
/// section kind is ASCII letters, digits, `_` and `-` (one byte each, so a `Character` of it
/// is that byte alone); the `=` of `Key=value` on an ASCII line. Character by character was
/// most of the cost of reading 100,000 cities.
enum ASCIIText {
    /// Whether `text` is only ASCII letters, digits, `_` and `-` (any other byte, also one of
    /// a multi-byte character or of "\r\n", is none of them).
    static func isKey<Text: StringProtocol>(_ text: Text) -> Bool {
        isKey(bytes: text.utf8)
    }

    /// The same for bytes.
    static func isKey(bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { byte in isLetter(byte) || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2D }
    }

    /// Whether `byte` is an ASCII letter.
    static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The first `=` of `line`, as `firstIndex(of: "=")` finds it. On an ASCII line every
    /// `Character` is one byte (or "\r\n"), so the first `=` byte is it; otherwise a combining
    /// mark may follow the `=` and make another character of it, so characters are compared.
    static func firstEquals(in line: String) -> String.Index? {
        let bytes = line.utf8
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        if bytes.allSatisfy({ $0 < 0x80 }) { return equals }
        return line.firstIndex(of: "=")
    }
}
