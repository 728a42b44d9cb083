import Testing
import BreezeVocabulary

struct TimeTextTests {
    @Test func utcTexts() {
        // 2026-08-20 14:05:09 UTC, with a fraction that must be dropped, not rounded.
        #expect(TimeText.rfc3339(Instant(unixSeconds: 1_787_234_709.9)) == "2026-08-20T14:05:09Z")
        #expect(TimeText.openMeteo(Instant(unixSeconds: 1_787_234_709.9)) == "2026-08-20T14:05")
        #expect(TimeText.rfc3339(Instant(unixSeconds: 0)) == "1970-01-01T00:00:00Z")
    }

    @Test func localTextsAgree() {
        let local = TimeText.local(Instant(unixSeconds: 1_787_234_709))
        #expect(local.count == 16)
        #expect(local.hasSuffix(" " + TimeText.localClock(Instant(unixSeconds: 1_787_234_709))))
    }
}
