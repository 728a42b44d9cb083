import BreezeVocabulary
import Foundation
import Testing

/// An observation time is read once, where the source's answer is decoded.
struct ObservationTimeTests {
    @Test func openMeteoTextNamesItsInstant() {
        let time = ObservationTime("2026-08-20T14:00")
        #expect(time.instant == Instant(unixSeconds: 1_787_234_400))
        #expect(time.text == "2026-08-20T14:00")
        #expect(time.rfc3339 == "2026-08-20T14:00:00Z")
    }

    @Test(arguments: ["soon", "", "2026-13-20T14:00", "2026-08-20 14:00"])
    func textThatNamesNoTimeIsKeptAsWritten(text: String) {
        let time = ObservationTime(text)
        #expect(time.instant == nil)
        #expect(time.rfc3339 == text)
        #expect(time.description == text)
    }

    @Test func anInstantIsWrittenAsOpenMeteoWritesTimes() {
        let time = ObservationTime(Instant(unixSeconds: 1_787_234_430))
        #expect(time.text == "2026-08-20T14:00")
        #expect(time.instant == Instant(unixSeconds: 1_787_234_400))
    }

    @Test func filesHoldTheTextAlone() throws {
        let encoded = try JSONEncoder().encode(["observedAt": ObservationTime("2026-08-20T14:00")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"observedAt":"2026-08-20T14:00"}"#)
        let decoded = try JSONDecoder().decode([String: ObservationTime].self, from: encoded)
        #expect(decoded["observedAt"]?.instant == Instant(unixSeconds: 1_787_234_400))
    }
}
