import BreezeConfig
import Testing

/// A digest shows pollen, UV and the climate trend, so it fetches them even with the status
/// page's extras off: the cost warning counts them and says what turns them off.
struct DigestCostTests {
    @Test func aDigestsExtrasThatTipTheFreeTierWarn() throws {
        var text = "[Breeze]\nPollInterval=15min\nStatusPageExtras=no\n[Webhook \"phone\"]\nURL=https://ntfy.example.com/t\nFormat=ntfy\nDigest=07:30\n"
        for index in 0..<100 { text += "[City \"C\(index)\"]\nLatitude=0\nLongitude=0\n" }
        #expect(
            Load.text(text).warnings == [
                "breezed.conf: ~11000 API calls/day with the digests' extras (pollen and UV, climate trend) "
                    + "exceed Open-Meteo's free tier of 10,000 a day; remove Digest= "
                    + "(a digest fetches them too), or poll less often, watch fewer cities, or set ApiKey= for a commercial plan"
            ])
        // Disabled, the receiver's digest costs nothing.
        #expect(Load.text(text.replacingOccurrences(of: "Digest=07:30\n", with: "Digest=07:30\nEnabled=no\n")).warnings == [])
    }
}
