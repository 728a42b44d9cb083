import BreezeVocabulary

/// A city page's address: `/city/` and the city's name percent-encoded (`/city/Paris`,
/// `/city/%E6%9D%B1%E4%BA%AC` for 東京), which a browser shows as the name itself. The slug
/// (`/city/tokyo-…`, `/city/city-…`) resolves too and stays what event ids are made from.
public enum CityAddress {
    /// The prefix of every city page.
    public static let prefix = "/city/"
    /// Longer path components (in bytes, encoded) are no city's: not decoded.
    static let longest = 4096

    /// The page of the city `name` (slug `slug`): its percent-encoded name, or its slug for a
    /// name a browser would take as a dot segment (`.`, `..`) and so never ask for.
    public static func path(name: String, slug: String) -> String {
        prefix + (name == "." || name == ".." || name.isEmpty ? slug : encoded(name))
    }

    /// `name`'s UTF-8 with every byte outside `A–Z a–z 0–9 - . _ ~` written `%XX`.
    static func encoded(_ name: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: bytes.append(byte)
            default: bytes += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text a path component stands for: `%XX` decoded (either case of hex digit), the
    /// rest as is; nil when it is longer than `longest` bytes, holds a `%` not followed by two
    /// hex digits, or decodes to bytes that are not UTF-8.
    static func decoded(_ component: Substring) -> String? {
        let utf8 = Array(component.utf8)
        guard utf8.count <= longest else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            guard utf8[index] == 0x25 else {
                bytes.append(utf8[index])
                index += 1
                continue
            }
            guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            else { return nil }
            bytes.append(high << 4 | low)
            index += 3
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
