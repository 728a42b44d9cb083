/// `application/x-www-form-urlencoded` encoding, as used in query strings and POST bodies.
public enum FormEncoding {
    /// `name=value` pairs joined with `&`, every byte outside `A–Z a–z 0–9 - . _ ~` percent-encoded
    /// (commas too, so lists survive any server's parser).
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { name, value in escape(name) + "=" + escape(value) }.joined(separator: "&")
    }

    /// Percent-encodes one name or value.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(UnicodeScalar(value < 10 ? value + 48 : value + 55))
    }
}
