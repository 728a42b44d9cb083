/// Quoted-printable (RFC 2045 §6.7) for a text body: readable where it is ASCII, every line at
/// most 76 characters, safe through any mail system.
enum QuotedPrintable {
    static let lineLimit = 76

    /// Encodes `text` line by line (lines end with `\n` in and out).
    static func encode(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { encodeLine(Array($0.utf8)) }
            .joined(separator: "\n")
    }

    private static func encodeLine(_ bytes: [UInt8]) -> String {
        var output = ""
        var lineLength = 0
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            let literal = (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "="))
                || ((byte == 0x20 || byte == 0x09) && !isLast)
            let piece = literal ? String(UnicodeScalar(byte)) : "=" + hex(byte)
            // Leave room for the soft break "=" (and keep the last piece on this line when it fits).
            let room = isLast ? lineLimit : lineLimit - 1
            if lineLength + piece.count > room {
                output += "=\n"
                lineLength = 0
            }
            output += piece
            lineLength += piece.count
        }
        return output
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
