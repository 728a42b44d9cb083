/// Double quotes in values: `"…"` holds spaces, commas and `#` literally, with the escapes
/// `\"`, `\\`, `\n`, `\r`, `\t`; any other backslash is kept as written.
enum QuotedText {
    /// The value as one string: the unescaped content when the whole value is a single quoted
    /// string, else the value as written.
    static func scalar(_ raw: String) -> String {
        guard raw.first == "\"", let (content, rest) = quoted(raw[...]), rest.isEmpty else {
            return raw
        }
        return content
    }

    /// The value split into words at commas and whitespace; a quoted word keeps them.
    /// Nil when a quoted word has no closing quote.
    static func words(_ raw: String) -> [String]? {
        var words: [String] = []
        var rest = raw[...]
        while true {
            rest = rest.drop(while: isSeparator)
            guard let first = rest.first else { return words }
            if first == "\"" {
                guard let (content, remainder) = quoted(rest) else { return nil }
                words.append(content)
                rest = remainder
            } else {
                let word = rest.prefix(while: { !isSeparator($0) })
                words.append(String(word))
                rest = rest.dropFirst(word.count)
            }
        }
    }

    /// Whether every quoted word in `raw` is closed.
    static func isTerminated(_ raw: String) -> Bool {
        // Only a quoted word can be left open: without a quote there is nothing to check.
        guard raw.utf8.contains(UInt8(ascii: "\"")) else { return true }
        return words(raw) != nil
    }

    /// Reads one quoted string at the start of `text` (which begins with `"`): its unescaped
    /// content and what follows the closing quote; nil when it never closes.
    static func quoted(_ text: Substring) -> (String, Substring)? {
        // ASCII without a backslash before the closing quote: the content is the bytes
        // between the quotes (each character one byte). Otherwise character by character: a
        // combining mark after a quote makes another character of it.
        let bytes = text.utf8
        if bytes.allSatisfy({ $0 < 0x80 }) {
            let start = bytes.index(after: bytes.startIndex)
            if let end = bytes[start...].firstIndex(where: { $0 == 0x22 || $0 == 0x5C }), bytes[end] == 0x22 {
                return (String(text[start..<end]), text[bytes.index(after: end)...])
            }
        }
        var content = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" {
                return (content, text[text.index(after: index)...])
            }
            if character == "\\" {
                let next = text.index(after: index)
                guard next < text.endIndex else { return nil }
                switch text[next] {
                case "\"": content.append("\"")
                case "\\": content.append("\\")
                case "n": content.append("\n")
                case "r": content.append("\r")
                case "t": content.append("\t")
                default:
                    content.append("\\")
                    content.append(text[next])
                }
                index = text.index(after: next)
                continue
            }
            content.append(character)
            index = text.index(after: index)
        }
        return nil
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == "," || character.isWhitespace
    }
}
