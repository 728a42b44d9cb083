// The standard library's canonical decomposition (`_nfd`): Foundation's needs its ICU part.
@_spi(_Unicode) import Swift

/// The one way Breeze turns a name (a city, a receiver, an event id) into text for ids, file
/// names and drop-ins: a readable part plus a hash of the exact name, so that distinct
/// names never share a slug and every slug is short, ASCII and safe as one path component.
///
/// `Paris` → `paris-cbb57d0e13c03ee0`, `São Paulo` → `sao-paulo-…`, `東京` → `city-…`,
/// `Saint-Denis` and `Saint Denis` → `saint-denis-…` with different hashes.
public enum Slug {
    /// The longest readable part, in characters; a slug is at most this plus 17.
    public static let readableLimit = 40

    /// The longest slug `of` returns.
    public static let maximumLength = readableLimit + 1 + 16

    /// `readable(name)`, a dash, and the 16 hexadecimal digits of `hash(name)`.
    public static func of(_ name: String) -> String {
        readable(name) + "-" + hexadecimal(hash(name))
    }

    /// Lower case, accents removed (canonical decomposition, combining marks dropped), every
    /// run of characters other than ASCII letters and digits one dash, none at the ends, cut
    /// to `readableLimit`; `city` when nothing is left (`東京`). A hint for people, not unique.
    public static func readable(_ name: String) -> String {
        // ASCII has nothing to decompose and no combining marks: 100,000 city names went
        // through the decomposition for nothing.
        let slug = name.utf8.allSatisfy { $0 < 0x80 } ? readable(scalars: name.unicodeScalars) : readable(scalars: name._nfd)
        return slug.isEmpty ? "city" : slug
    }

    /// The readable part of canonically decomposed `scalars`, maybe empty.
    private static func readable<Scalars: Sequence<Unicode.Scalar>>(scalars: Scalars) -> String {
        // Bytes, made a string once: the slug is ASCII.
        var slug: [UInt8] = []
        slug.reserveCapacity(readableLimit)
        var pendingDash = false
        for scalar in scalars {
            let value = scalar.value
            // ASCII holds no combining mark; asking Unicode's tables for each letter of
            // 100,000 names cost more than the rest of the slug.
            if value >= 0x80, scalar.properties.generalCategory == .nonspacingMark { continue }
            let isDigit = (0x30...0x39).contains(value)
            let isUpper = (0x41...0x5A).contains(value)
            let isLower = (0x61...0x7A).contains(value)
            guard isDigit || isUpper || isLower else {
                pendingDash = true
                continue
            }
            if slug.count >= readableLimit { break }
            if pendingDash, !slug.isEmpty {
                if slug.count + 1 >= readableLimit { break }
                slug.append(UInt8(ascii: "-"))
            }
            pendingDash = false
            slug.append(UInt8(isUpper ? value + 0x20 : value))
        }
        return String(decoding: slug, as: UTF8.self)
    }

    /// FNV-1a (64-bit) of the UTF-8 bytes of `name`, exactly as written. Not cryptographic,
    /// and it need not be: names come from the administrator's own configuration, the hash
    /// only keeps apart names whose readable parts agree, and the configuration loader
    /// rejects two cities whose slugs collide. FNV-1a is fixed by its specification
    /// (draft-eastlake-fnv), so a slug never changes across versions or machines.
    public static func hash(_ name: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Whether `text` is already a safe path component of at most `limit` bytes: ASCII letters,
    /// digits, `-` and `_`, not empty.
    public static func isSafe(_ text: String, limit: Int) -> Bool {
        guard !text.isEmpty, text.utf8.count <= limit else { return false }
        return text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x2D || byte == 0x5F
        }
    }

    private static func hexadecimal(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8](repeating: 0, count: 16)
        for position in 0..<16 { text[position] = digits[Int((value >> UInt64(60 - 4 * position)) & 0xF)] }
        return String(decoding: text, as: UTF8.self)
    }
}
