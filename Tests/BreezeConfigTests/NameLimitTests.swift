import Testing

@testable import BreezeConfig

/// Names are at most `NameLimit.maximumLength` Unicode scalars: a longer one is an error
/// naming its file and line, without echoing it.
struct NameLimitTests {
    func city(_ name: String, extra: String = "") -> String {
        "[Breeze]\n\n[City \(QuotedText.quote(name))]\nLatitude=1\nLongitude=2\n\(extra)"
    }

    @Test func twoHundredCharactersLoad() throws {
        for name in [String(repeating: "a", count: 200), String(repeating: "東", count: 200)] {
            let outcome = Load.text(city(name, extra: "Country=\(QuotedText.quote(name))\n"))
            #expect(outcome.errors == [])
            #expect(outcome.configuration?.cities.first?.city.name == name)
        }
    }

    @Test func aLongerNameIsAnErrorAtItsLine() {
        let outcome = Load.text(city(String(repeating: "a", count: 201)) + "[City \"Paris\"]\nLatitude=1\nLongitude=2\n")
        #expect(outcome.errors == ["breezed.conf:3: the name of this [City] section is 201 characters long; at most 200"])
        // Combining marks count: one Character of 500 scalars is no short name.
        let piled = Load.text(city("a" + String(repeating: "\u{301}", count: 499)))
        #expect(piled.errors == ["breezed.conf:3: the name of this [City] section is 500 characters long; at most 200"])
    }

    @Test func aReceiverNameIsBoundedToo() {
        let outcome = Load.text(
            "[Webhook \"\(String(repeating: "w", count: 300))\"]\nURL=https://example.com/hook\n" + city("Paris"))
        #expect(outcome.errors == ["breezed.conf:1: the name of this [Webhook] section is 300 characters long; at most 200"])
    }

    @Test func aLongCountryOrRegionIsAnErrorNotEchoed() {
        let long = String(repeating: "x", count: 5_000)
        let outcome = Load.text(city("Paris", extra: "Country=\(long)\nRegion=\"\(long)y\"\n"))
        #expect(
            outcome.errors == [
                "breezed.conf:6: Country= is 5000 characters long; at most 200",
                "breezed.conf:7: Region= is 5001 characters long; at most 200",
            ])
    }
}
