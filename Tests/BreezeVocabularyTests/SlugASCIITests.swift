import Foundation
import Testing

@testable import BreezeVocabulary

/// `Slug.readable` skips the canonical decomposition for ASCII names: the same slugs as
/// through it, on ASCII and on names that still take it.
struct SlugASCIITests {
    /// The readable part as it was made before: always through the decomposition.
    static func decomposedReadable(_ name: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            let value = scalar.value
            let isDigit = (0x30...0x39).contains(value)
            let isUpper = (0x41...0x5A).contains(value)
            let isLower = (0x61...0x7A).contains(value)
            guard isDigit || isUpper || isLower else {
                pendingDash = true
                continue
            }
            if slug.count >= Slug.readableLimit { break }
            if pendingDash, !slug.isEmpty {
                if slug.count + 1 >= Slug.readableLimit { break }
                slug += "-"
            }
            pendingDash = false
            slug.unicodeScalars.append(Unicode.Scalar(isUpper ? value + 0x20 : value)!)
        }
        return slug.isEmpty ? "city" : slug
    }

    @Test func theSameSlugsWithAndWithoutTheDecomposition() {
        let names = [
            "Paris", "Saint-Denis", "Saint Denis", "  -- ", "", "Bench 00042", "A\r\nB", "a\u{0}b\u{7F}c", "São Paulo",
            "Zu\u{308}rich", "Zürich", "東京", "Ω", "ﬁ", "Ａ", String(repeating: "ab ", count: 70), String(repeating: "x", count: 200),
            String(decoding: [0x41, 0xFF, 0x42], as: UTF8.self), "\u{1F600} smile", "ＡＢＣ", "Å", "A\u{30A}",
        ]
        for name in names {
            #expect(Slug.readable(name) == Self.decomposedReadable(name), "\(name.debugDescription)")
        }
    }
}
