/// One member of a small document that should be a JSON object — a server's error body — read
/// with the scanner: nil when the document is not exactly one object, or the member is absent
/// or of another kind. When a key repeats, the last one counts.
public enum JSONObjectMember {
    /// The number member `name` holds (`{"retry_after": 1.5}`).
    public static func number(_ name: String, in bytes: [UInt8]) -> Double? {
        member(name, in: bytes) { scanner throws(JSONSyntaxError) in
            try scanner.peekKind() == .number ? try scanner.readNumber() : nil
        }
    }

    /// The string member `name` holds (`{"reason": "…"}`).
    public static func string(_ name: String, in bytes: [UInt8]) -> String? {
        member(name, in: bytes) { scanner throws(JSONSyntaxError) in
            try scanner.peekKind() == .string ? try scanner.readString() : nil
        }
    }

    static func member<Value>(
        _ name: String, in bytes: [UInt8], _ read: (inout JSONScanner) throws(JSONSyntaxError) -> Value?
    ) -> Value? {
        bytes.withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            var found: Value?
            do {
                scanner.skipWhitespace()
                try scanner.readObject { scanner, key throws(JSONSyntaxError) in
                    scanner.skipWhitespace()
                    if key.string == name {
                        let start = scanner.position
                        found = try read(&scanner)
                        if scanner.position == start { try scanner.skipValue(depth: 1) }
                    } else {
                        try scanner.skipValue(depth: 1)
                    }
                }
                scanner.skipWhitespace()
                return scanner.isAtEnd ? found : nil
            } catch {
                return nil
            }
        }
    }
}
