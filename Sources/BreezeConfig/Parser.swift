/// Reads the systemd-style INI syntax into sections and assignments, reporting every syntax
/// error and carrying on with the next line. It knows nothing of the schema.
enum Parser {
    /// Parses `text`, read from `path`. A UTF-8 byte order mark at its start (some Windows
    /// editors write one) is not part of the first line.
    static func parse(_ text: String, path: String, diagnostics: inout DiagnosticCollector)
        -> ParsedFile
    {
        var sections: [ParsedSection] = []
        var state = State.beforeAnySection
        var lines = LineReader(text)
        while let logical = lines.next() {
            let location = SourceLocation(path: path, line: logical.number)
            if logical.unterminated {
                diagnostics.error(
                    "unterminated continuation: the file ends after a trailing \"\\\"",
                    at: location)
            }
            let line = logical.text
            if line.first == "[" {
                if let section = header(line, location: location, diagnostics: &diagnostics) {
                    sections.append(section)
                    state = .inSection
                } else {
                    state = .inInvalidSection
                }
                continue
            }
            guard let assignment = assignment(line, location: location, diagnostics: &diagnostics)
            else { continue }
            switch state {
            case .beforeAnySection:
                diagnostics.error(
                    "\(assignment.key)= is outside any section; put it under a [Section] header",
                    at: location)
            case .inInvalidSection:
                break
            case .inSection:
                sections[sections.count - 1].assignments.append(assignment)
            }
        }
        return ParsedFile(path: path, sections: sections)
    }

    private enum State {
        case beforeAnySection
        case inSection
        // Keys under a broken header are dropped silently: the header's error says enough.
        case inInvalidSection
    }

    /// The section a `[…]` line opens; nil (the error reported) when it is not a valid header.
    static func header(
        _ line: String, location: SourceLocation, diagnostics: inout DiagnosticCollector
    ) -> ParsedSection? {
        if let section = asciiHeader(line, location: location) { return section }
        return characterHeader(line, location: location, diagnostics: &diagnostics)
    }

    /// `header`'s section for a valid header all of ASCII with no escape in its name, read by
    /// bytes (there every `Character` is one byte, whitespace 0x09–0x0D and 0x20); nil for any
    /// other line, which `characterHeader` decides and reports. Character by character was
    /// most of the cost of reading a header, and there is one a city.
    static func asciiHeader(_ line: String, location: SourceLocation) -> ParsedSection? {
        var line = line
        return line.withUTF8 { bytes -> ParsedSection? in
            let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
            guard bytes.count >= 2, bytes[0] == UInt8(ascii: "["), bytes[bytes.count - 1] == UInt8(ascii: "]"),
                !bytes.contains(where: { $0 >= 0x80 })
            else { return nil }
            var start = 1
            var end = bytes.count - 1
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            var kindEnd = start
            while kindEnd < end, !isSpace(bytes[kindEnd]) { kindEnd += 1 }
            let kind = UnsafeBufferPointer(rebasing: bytes[start..<kindEnd])
            guard !kind.isEmpty, ASCIIText.isKey(bytes: kind) else { return nil }
            var rest = kindEnd
            while rest < end, isSpace(bytes[rest]) { rest += 1 }
            let kindText = String(decoding: kind, as: UTF8.self)
            if rest == end { return ParsedSection(kind: kindText, name: nil, location: location) }
            // `"name"` and nothing after: its one closing quote the last byte, no escape inside.
            guard bytes[rest] == UInt8(ascii: "\""), end - rest >= 2, bytes[end - 1] == UInt8(ascii: "\"") else { return nil }
            let name = UnsafeBufferPointer(rebasing: bytes[(rest + 1)..<(end - 1)])
            guard !name.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }),
                name.contains(where: { !isSpace($0) }), name.count <= NameLimit.maximumLength
            else { return nil }
            return ParsedSection(kind: kindText, name: String(decoding: name, as: UTF8.self), location: location)
        }
    }

    /// `header` Character by Character: every header, valid or not, in any script.
    static func characterHeader(
        _ line: String, location: SourceLocation, diagnostics: inout DiagnosticCollector
    ) -> ParsedSection? {
        // Not `line.count`: that walks every character of the line to count to two.
        guard line.last == "]", !line.dropLast().isEmpty else {
            diagnostics.error("invalid section header: missing \"]\"", at: location)
            return nil
        }
        let inner = line.dropFirst().dropLast().trimmingWhitespace()
        let kind = inner.prefix(while: { !$0.isWhitespace })
        let rest = inner.dropFirst(kind.count).trimmingWhitespace()
        guard !kind.isEmpty, ASCIIText.isKey(kind) else {
            diagnostics.error("invalid section header [\(inner)]", at: location)
            return nil
        }
        if rest.isEmpty {
            return ParsedSection(kind: String(kind), name: nil, location: location)
        }
        guard rest.unicodeScalars.first == "\"", let (name, after) = QuotedText.quoted(rest[...]), after.isEmpty
        else {
            diagnostics.error(
                "invalid section header [\(inner)]; put the name in double quotes, like [\(kind) \"name\"]",
                at: location)
            return nil
        }
        guard !name.trimmingWhitespace().isEmpty else {
            diagnostics.error("empty name in section header [\(inner)]", at: location)
            return nil
        }
        if let problem = NameLimit.problem(name) {
            // Not echoed: it is too long to read.
            diagnostics.error("the name of this [\(kind)] section \(problem)", at: location)
            return nil
        }
        return ParsedSection(kind: String(kind), name: name, location: location)
    }

    /// The `Key=value` of a line outside a header; nil (the error reported) when it is not one.
    static func assignment(
        _ line: String, location: SourceLocation, diagnostics: inout DiagnosticCollector
    ) -> Assignment? {
        guard let equals = ASCIIText.firstEquals(in: line) else {
            // Only a known key name is echoed: the line might be a pasted secret.
            let firstWord = String(line.prefix(while: { !$0.isWhitespace }))
            if Schema.allKeys.contains(firstWord) {
                diagnostics.error("missing \"=\" after \(firstWord)", at: location)
            } else {
                diagnostics.error("missing \"=\": expected Key=value or a [Section] header", at: location)
            }
            return nil
        }
        let key = line[..<equals].trimmingWhitespace()
        let raw = line[line.index(after: equals)...].trimmingWhitespace()
        guard !key.isEmpty else {
            diagnostics.error("missing key name before \"=\"", at: location)
            return nil
        }
        guard ASCIIText.isKey(key), key.utf8.first.map(ASCIIText.isLetter) == true else {
            // Not echoed: a line with a stray "=" may be a pasted credential.
            diagnostics.error(
                "invalid key name before \"=\"; keys are letters, digits, \"_\" and \"-\"",
                at: location)
            return nil
        }
        guard QuotedText.isTerminated(raw) else {
            diagnostics.error("unterminated quote in the value of \(key)=", at: location)
            return nil
        }
        return Assignment(key: key, value: RawValue(raw: raw), location: location)
    }

}

/// One logical line: continuation lines joined, with the number of its first physical line.
struct LogicalLine {
    var number: Int
    var text: String
    /// The file ended while a trailing `\` still asked for more.
    var unterminated: Bool
}

/// Yields logical lines, skipping blank lines and `#`/`;` comments (also inside continuations,
/// as systemd does).
struct LineReader {
    private let lines: [Substring]
    private var index = 0

    /// The logical lines of a configuration file's `text`. A UTF-8 byte order mark at its
    /// start (some Windows editors write one) is not part of the first line.
    init(_ text: String) {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
        // "\r\n" is one Character in Swift, so split on any newline, not on "\n".
        var lines = Self.splitASCIINewlines(text)
            ?? text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        // The newline ending the last line does not start another, so a final "\" is unterminated.
        if lines.last?.isEmpty == true { lines.removeLast() }
        self.lines = lines
    }

    /// The same split by bytes (LF, VT, FF, CR, and CR LF as one) when the text holds none of
    /// the non-ASCII newlines (U+0085, U+2028, U+2029); nil otherwise.
    static func splitASCIINewlines(_ text: String) -> [Substring]? {
        let bytes = text.utf8
        var lines: [Substring] = []
        var lineStart = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == 0xC2 || byte == 0xE2 {
                let next = bytes.index(after: index)
                if next != bytes.endIndex, byte == 0xC2 ? bytes[next] == 0x85 : bytes[next] == 0x80 {
                    let third = bytes.index(after: next)
                    if byte == 0xC2 || (third != bytes.endIndex && (bytes[third] == 0xA8 || bytes[third] == 0xA9)) {
                        return nil
                    }
                }
            }
            guard (0x0A...0x0D).contains(byte) else {
                index = bytes.index(after: index)
                continue
            }
            lines.append(text[lineStart..<index])
            index = bytes.index(after: index)
            if byte == 0x0D, index != bytes.endIndex, bytes[index] == 0x0A { index = bytes.index(after: index) }
            lineStart = index
        }
        lines.append(text[lineStart..<bytes.endIndex])
        return lines
    }

    mutating func next() -> LogicalLine? {
        while index < lines.count {
            let number = index + 1
            let line = lines[index].trimmingWhitespace()
            index += 1
            if line.isEmpty || isComment(line) { continue }
            // Each physical line is trimmed on its own and appended: trimming the whole joined
            // text again for every continuation made 100,000 continued lines take minutes.
            var text = ""
            var piece = line
            while piece.last == "\\" {
                Self.append(String(piece.dropLast()).trimmingWhitespace(), to: &text)
                guard let continuation = nextContinuation() else {
                    return LogicalLine(number: number, text: text, unterminated: true)
                }
                piece = continuation
            }
            Self.append(piece, to: &text)
            return LogicalLine(number: number, text: text, unterminated: false)
        }
        return nil
    }

    /// Joins a trimmed line to the logical line with one space; an empty one adds nothing.
    private static func append(_ piece: String, to text: inout String) {
        guard !piece.isEmpty else { return }
        if !text.isEmpty { text += " " }
        text += piece
    }

    /// The next non-comment line, trimmed; nil at the end of the file.
    private mutating func nextContinuation() -> String? {
        while index < lines.count {
            let line = lines[index].trimmingWhitespace()
            index += 1
            if isComment(line) { continue }
            return line
        }
        return nil
    }

    private func isComment(_ line: String) -> Bool {
        line.first == "#" || line.first == ";"
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, carriage returns).
    func trimmingWhitespace() -> String {
        if let trimmed = trimmingASCIIWhitespace() { return trimmed }
        let start = firstIndex(where: { !$0.isWhitespace }) ?? endIndex
        let end = lastIndex(where: { !$0.isWhitespace }).map { index(after: $0) } ?? start
        return String(self[start..<end])
    }

    /// The same by bytes, for ASCII text (nil otherwise): ASCII whitespace is exactly
    /// U+0009…U+000D and U+0020, each a Character of its own but for "\r\n".
    private func trimmingASCIIWhitespace() -> String? {
        // A native string's bytes are contiguous: read as a buffer, not index by index.
        let contiguous: String?? = utf8.withContiguousStorageIfAvailable { buffer in
            guard !buffer.contains(where: { $0 >= 0x80 }) else { return nil }
            let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
            var start = 0
            var end = buffer.count
            while start < end, isSpace(buffer[start]) { start += 1 }
            while end > start, isSpace(buffer[end - 1]) { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
        if let contiguous { return contiguous }
        let bytes = utf8
        var start: String.Index?
        var end = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            let next = bytes.index(after: index)
            if byte != 0x20 && !(0x09...0x0D).contains(byte) {
                if start == nil { start = index }
                end = next
            }
            index = next
        }
        guard let start else { return "" }
        return String(self[start..<end])
    }
}
