/// A value as written after `=`, with its two readings.
struct RawValue: Sendable {
    /// The text after `=`, trimmed, continuation lines joined with a space.
    var raw: String

    /// The value as one string (quotes around the whole value removed).
    var text: String { QuotedText.scalar(raw) }

    /// The value as a list split at commas and whitespace (quoted words kept whole).
    var words: [String] { QuotedText.words(raw) ?? [] }
}

/// One `Key=value` line.
struct Assignment: Sendable {
    var key: String
    var value: RawValue
    var location: SourceLocation
}

/// One `[Kind]` or `[Kind "name"]` header and the assignments under it, in one file.
struct ParsedSection: Sendable {
    var kind: String
    var name: String?
    var location: SourceLocation
    var assignments: [Assignment] = []
}

/// A file as the parser read it: its sections in order.
struct ParsedFile: Sendable {
    var path: String
    var sections: [ParsedSection]
}
