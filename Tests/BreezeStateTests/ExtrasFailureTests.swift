import BreezeState
import BreezeVocabulary
import Testing

/// How a failed extra is worded: what happened, when, and when it is tried again, in the
/// city's zone with its abbreviation.
struct ExtrasFailureTests {
    /// 2026-12-02 01:18 UTC: 02:18 in Paris (CET).
    static let at = Instant(unixSeconds: 1_796_174_280)

    @Test func theSentenceSaysWhatWhenAndNextTryInTheCitysZone() {
        let failure = ExtrasFailure(
            city: "Paris", kind: .climate,
            reason: "Open-Meteo answered 404 (not found) for https://archive-api.open-meteo.com/v1/archive/v1/archive",
            at: Self.at, nextTry: Self.at + .seconds(3 * 3600), timeZone: "Europe/Paris")
        #expect(failure.sentence(now: Self.at + .seconds(60))
            == "Fetching from the archive (ArchiveURL=) failed: Open-Meteo answered 404 (not found) for "
            + "https://archive-api.open-meteo.com/v1/archive/v1/archive (tried 02:18 CET; next try after 05:18 CET)")
        // Read the next day, the failure's day is named.
        #expect(failure.sentence(now: Self.at + .seconds(86_400)).hasSuffix("(tried Yesterday 02:18 CET; next try after Yesterday 05:18 CET)"))
        let tokyo = ExtrasFailure(
            city: "東京", kind: .pollenAndUV, reason: "Open-Meteo unreachable: timed out", at: Self.at,
            nextTry: Self.at + .seconds(3 * 3600), timeZone: "Asia/Tokyo")
        #expect(tokyo.sentence(now: Self.at)
            == "Fetching from the air-quality API (ApiURL=) failed: Open-Meteo unreachable: timed out (tried 10:18 JST; next try after 13:18 JST)")
    }

    @Test func anUnreadableTimeIsSaidSoNeverATrap() {
        let failure = ExtrasFailure(
            city: "Paris", kind: .climate, reason: "x", at: Instant(unixSeconds: .nan), nextTry: Instant(unixSeconds: 1e300))
        #expect(failure.sentence(now: Self.at) == "Fetching from the archive (ArchiveURL=) failed: x (tried an unreadable time; next try after an unreadable time)")
    }
}
