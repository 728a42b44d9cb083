import Foundation

/// RFC 2047 encoded-words: non-ASCII text made safe for a header, `=?UTF-8?B?…?=`.
enum EncodedWord {
    /// Whether `text` can go into a header as it is: printable ASCII and spaces only.
    static func isPlainHeaderText(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// `text` as a series of `=?UTF-8?B?…?=` words, each at most 75 characters long (RFC 2047
    /// §2) and never splitting a character; join them with a space (or a folding line break).
    static func words(_ text: String) -> [String] {
        // 75 − "=?UTF-8?B?".count − "?=".count = 63 characters of base64: 45 bytes of UTF-8.
        let maximumBytes = 45
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if !chunk.isEmpty, chunk.count + bytes.count > maximumBytes {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(word(chunk)) }
        return words
    }

    private static func word(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?="
    }

    /// `text` without control characters (CR, LF, tabs and the rest become spaces): nothing in
    /// it can end a header line or start another.
    static func withoutControls(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
                ? " " : scalar
        }))
    }
}
