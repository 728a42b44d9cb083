import Testing
import BreezeVocabulary

/// The one slug of ids, outbox file names and drop-ins: readable, unique per name, bounded.
struct SlugTests {
    @Test(arguments: [
        ("Paris", "paris"), ("New York", "new-york"), ("São Paulo", "sao-paulo"), ("Zürich!", "zurich"),
        ("  St. John's!! ", "st-john-s"), ("東京", "city"), ("???", "city"), ("", "city"),
    ])
    func readableParts(name: String, readable: String) {
        #expect(Slug.readable(name) == readable)
        #expect(Slug.of(name) == readable + "-" + Slug.of(name).suffix(16))
    }

    @Test(arguments: [
        ("東京", "北京"), ("Saint-Denis", "Saint Denis"), ("Paris", "paris"), ("São Paulo", "Sao Paulo"),
        ("a", "a "), ("Zürich", "Zu\u{308}rich"),
    ])
    func distinctNamesNeverShareASlug(first: String, second: String) {
        #expect(Slug.of(first) != Slug.of(second))
    }

    @Test func everySlugIsShortSafeAndStable() {
        let long = String(repeating: "Llanfairpwllgwyngyll ", count: 10)
        let cjk = String(repeating: "東", count: 200)
        for name in [long, cjk, "a/b", "..", "\u{1B}[31mred", String(repeating: "-", count: 300)] {
            let slug = Slug.of(name)
            #expect(slug.utf8.count <= Slug.maximumLength)
            #expect(Slug.isSafe(slug, limit: Slug.maximumLength))
        }
        #expect(Slug.readable(long).count <= Slug.readableLimit)
        #expect(!Slug.readable(long).hasSuffix("-"))
        // FNV-1a 64 is fixed by its specification: these are its published test values, so a
        // slug (and every id made from it) is the same on every machine and in every version.
        #expect(Slug.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(Slug.hash("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Slug.hash("foobar") == 0x8594_4171_f739_67e8)
        #expect(Slug.of("a") == "a-af63dc4c8601ec8c")
    }

    @Test func tenThousandCityNamesGiveTenThousandSlugs() {
        let names = (0..<10_000).map { "City \($0)" } + (0..<2_000).map { "都市\($0)" }
        #expect(Set(names.map(Slug.of)).count == names.count)
    }

    @Test func onlyShortPlainNamesAreSafeAsTheyAre() {
        #expect(Slug.isSafe("paris-1000-1-firing", limit: 64))
        #expect(!Slug.isSafe("", limit: 64))
        #expect(!Slug.isSafe("a.b", limit: 64))
        #expect(!Slug.isSafe(String(repeating: "a", count: 65), limit: 64))
    }
}
