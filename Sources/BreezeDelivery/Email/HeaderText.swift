import BreezeVocabulary

/// Header values for mail: nothing a value holds can end the header or start another one.
enum HeaderText {
    /// The longest header line written (RFC 5322 recommends 78 characters).
    static let lineLimit = 78

    /// `Name: value` with `value`'s unsafe scalars escaped (`VisibleText`: CR and LF as `\r`
    /// and `\n`, a bidirectional override as `\u{202E}`), as encoded-words when it is not
    /// plain ASCII, folded onto continuation lines so no line is longer than 78 characters
    /// where a break is possible.
    static func field(_ name: String, _ value: String) -> String {
        let clean = VisibleText.escaped(value)
        let words: [String]
        if EncodedWord.isPlainHeaderText(clean) {
            words = clean.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        } else {
            // 39 bytes of UTF-8 make 52 characters of base64: a 64-character word, which fits
            // a 78-character line even after "Subject: ".
            words = EncodedWord.words(clean, maximumBytes: 39)
        }
        return fold(name: name, words: words)
    }

    /// `Name: a, b, c` for addresses, folded after commas.
    static func addressList(_ name: String, _ addresses: [String]) -> String {
        let clean = addresses.map { VisibleText.escaped($0).split(separator: " ").joined() }
        let words = clean.enumerated().map { index, address in index < clean.count - 1 ? address + "," : address }
        return fold(name: name, words: words)
    }

    /// Joins `words` with spaces after `Name:`, starting a continuation line (a line break
    /// and a space) whenever the next word would pass the limit.
    private static func fold(name: String, words: [String]) -> String {
        var result = name + ":"
        var lineLength = result.count
        for word in words {
            if lineLength + 1 + word.count > lineLimit, lineLength > name.count + 1 {
                result += "\n " + word
                lineLength = 1 + word.count
            } else {
                result += " " + word
                lineLength += 1 + word.count
            }
        }
        return result
    }

    /// `text` reduced to characters allowed in a Message-ID's parts (RFC 5322 `atext` and
    /// dots); anything else becomes `-`.
    static func messageIDPart(_ text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~.".unicodeScalars)
        let mapped = String(String.UnicodeScalarView(text.unicodeScalars.map { allowed.contains($0) ? $0 : "-" }))
        var trimmed = Substring(mapped)
        while trimmed.hasPrefix(".") { trimmed.removeFirst() }
        while trimmed.hasSuffix(".") { trimmed.removeLast() }
        let collapsed = trimmed.split(separator: ".", omittingEmptySubsequences: true).joined(separator: ".")
        return collapsed.isEmpty ? "breeze" : collapsed
    }
}
