import BreezeVocabulary

/// Double quotes in values and section names: `"…"` holds spaces, commas and `#` literally,
/// with the escapes `\"`, `\\`, `\n`, `\r`, `\t` and `\u{…}` (one Unicode scalar, 1 to 6
/// hexadecimal digits: `\u{1B}`, `\u{2028}`); any other backslash is kept as written. The one
/// home of that syntax: `quoted` reads it, `quote` writes it.
public enum QuotedText {
    /// The value as one string: the unescaped content when the whole value is a single quoted
    /// string, else the value as written.
    static func scalar(_ raw: String) -> String {
        guard raw.unicodeScalars.first == "\"", let (content, rest) = quoted(raw[...]), rest.isEmpty else {
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
            guard let first = rest.unicodeScalars.first else { return words }
            if first == "\"" {
                guard let (content, remainder) = quoted(rest) else { return nil }
                words.append(content)
                rest = remainder
            } else {
                let word = rest.prefix(while: { !isSeparator($0) })
                words.append(String(word))
                rest = rest[word.endIndex...]
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
        // Scalar by scalar, not Character by Character: a combining mark after a quote or a
        // backslash would otherwise make one character of the two and hide it.
        let scalars = text.unicodeScalars
        guard scalars.first == "\"" else { return nil }
        // Most names hold no escape: found by bytes (a quote and a backslash are ASCII, never
        // part of another scalar's bytes), the content is one slice, not appended scalar by
        // scalar.
        let bytes = text.utf8
        if let end = bytes.dropFirst().firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }),
            bytes[end] == UInt8(ascii: "\"")
        {
            return (String(text[bytes.index(after: bytes.startIndex)..<end]), text[bytes.index(after: end)...])
        }
        var content = String.UnicodeScalarView()
        var index = scalars.index(after: scalars.startIndex)
        // Copied in runs: most text has no escape at all.
        var run = index
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\"" {
                content.append(contentsOf: scalars[run..<index])
                return (String(content), Substring(scalars[scalars.index(after: index)...]))
            }
            guard scalar == "\\" else {
                index = scalars.index(after: index)
                continue
            }
            content.append(contentsOf: scalars[run..<index])
            let next = scalars.index(after: index)
            guard next < scalars.endIndex else { return nil }
            if let (escaped, after) = escape(scalars, at: next) {
                content.append(escaped)
                index = after
            } else {
                // Not an escape: the backslash and what follows are kept as written.
                content.append("\\")
                content.append(scalars[next])
                index = scalars.index(after: next)
            }
            run = index
        }
        return nil
    }

    /// The scalar an escape stands for, its letter at `index` (just after the backslash),
    /// and where the text goes on; nil when it is no escape.
    private static func escape(_ scalars: Substring.UnicodeScalarView, at index: Substring.Index)
        -> (Unicode.Scalar, Substring.Index)?
    {
        let after = scalars.index(after: index)
        switch scalars[index] {
        case "\"": return ("\"", after)
        case "\\": return ("\\", after)
        case "n": return ("\n", after)
        case "r": return ("\r", after)
        case "t": return ("\t", after)
        case "u":
            guard after < scalars.endIndex, scalars[after] == "{" else { return nil }
            var value: UInt32 = 0
            var digits = 0
            var position = scalars.index(after: after)
            while position < scalars.endIndex, digits <= 6, let digit = hexDigit(scalars[position]) {
                value = value << 4 | digit
                digits += 1
                position = scalars.index(after: position)
            }
            guard (1...6).contains(digits), position < scalars.endIndex, scalars[position] == "}",
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return (scalar, scalars.index(after: position))
        default: return nil
        }
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46: scalar.value - 0x41 + 10
        case 0x61...0x66: scalar.value - 0x61 + 10
        default: nil
        }
    }

    /// `text` in double quotes, escaped so that `quoted` reads back exactly `text` and the
    /// result is printable text on one line: `"` and `\` escaped, `\n`, `\r`, `\t`, and
    /// `\u{…}` for every other control character (C0, DEL, C1 such as U+0085 and U+009B),
    /// format character (bidirectional overrides, zero-width joiners, U+FEFF) and the line
    /// and paragraph separators U+2028 and U+2029; also for a first character that would
    /// join the opening quote (a combining mark) or a last one that would join the closing
    /// quote, so no editor shows the quotes as part of the name.
    public static func quote(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        result.append("\"")
        let scalars = text.unicodeScalars
        for index in scalars.indices {
            let scalar = scalars[index]
            switch scalar {
            case "\"": result.append(contentsOf: #"\""#.unicodeScalars)
            case "\\": result.append(contentsOf: #"\\"#.unicodeScalars)
            case "\n": result.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": result.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": result.append(contentsOf: #"\t"#.unicodeScalars)
            default:
                let joinsQuote =
                    (index == scalars.startIndex && joins("\"", scalar))
                    || (scalars.index(after: index) == scalars.endIndex && joins(scalar, "\""))
                // VisibleText's unsafe scalars (controls, format characters, U+2028/U+2029) are what
                // a terminal acts on, a reader cannot see, or the line splitting reads as a break.
                if joinsQuote || VisibleText.isUnsafe(scalar) {
                    result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
                } else {
                    result.append(scalar)
                }
            }
        }
        result.append("\"")
        return String(result)
    }

    /// Whether `first` and `second` make one Character.
    private static func joins(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        var pair = String.UnicodeScalarView()
        pair.append(first)
        pair.append(second)
        return String(pair).count == 1
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == "," || character.isWhitespace
    }
}
