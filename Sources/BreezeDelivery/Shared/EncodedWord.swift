import FoundationEssentials

/// RFC 2047 encoded-words: non-ASCII text made safe for a header, `=?UTF-8?B?…?=`.
enum EncodedWord {
    /// Whether `text` can go into a header as it is: printable ASCII and spaces only.
    static func isPlainHeaderText(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// `text` as a series of `=?UTF-8?B?…?=` words of at most `maximumBytes` bytes of UTF-8
    /// each, never splitting a character; join them with a space (or a folding line break).
    /// The default 45 bytes make words of at most 75 characters, RFC 2047's limit (§2).
    static func words(_ text: String, maximumBytes: Int = 45) -> [String] {
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
}
