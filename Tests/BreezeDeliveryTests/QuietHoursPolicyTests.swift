import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeTestSupport
import BreezeModel
import Foundation
import BreezeVocabulary
import Testing

/// Quiet hours: which events wait, and until when, in which zone.
struct QuietHoursPolicyTests {
    private func receiver(_ window: QuietHours?, zone: String? = nil) -> WebhookReceiver {
        WebhookReceiver(
            configuration: WebhookConfiguration(name: "ops", url: "http://127.0.0.1:9", delivery: DeliverySettings(quietHours: window, timeZone: zone)),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]))
    }

    /// The instant `text` names (ISO 8601 with offset).
    private func time(_ text: String) -> Instant {
        Instant(unixSeconds: ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970)
    }

    private let night = QuietHours(start: 22 * 60, end: 7 * 60)
    private let utc = CivilZone.utc

    @Test func insideAWrappingWindowWaitsUntilItsEnd() {
        let hold = QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(), receiver: receiver(night, zone: "Europe/Paris"),
            now: time("2026-08-20T23:30:00+02:00"), cityTimeZone: nil, systemTimeZone: utc)
        #expect(hold == time("2026-08-21T07:00:00+02:00"))
        let afterMidnight = QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(.reminder), receiver: receiver(night, zone: "Europe/Paris"),
            now: time("2026-08-21T03:00:00+02:00"), cityTimeZone: nil, systemTimeZone: utc)
        #expect(afterMidnight == time("2026-08-21T07:00:00+02:00"))
    }

    @Test func outsideTheWindowGoesNow() {
        for clock in ["2026-08-20T07:00:00+02:00", "2026-08-20T12:00:00+02:00", "2026-08-20T21:59:00+02:00"] {
            #expect(QuietHoursPolicy.holdUntil(
                event: SampleEvents.event(), receiver: receiver(night, zone: "Europe/Paris"),
                now: time(clock), cityTimeZone: nil, systemTimeZone: utc) == nil)
        }
        #expect(QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(), receiver: receiver(nil), now: time("2026-08-20T23:00:00Z"),
            cityTimeZone: nil, systemTimeZone: utc) == nil)
    }

    @Test func daytimeWindowWithoutWrap() {
        let lunch = QuietHours(start: 12 * 60, end: 13 * 60 + 30)
        #expect(QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(.escalated), receiver: receiver(lunch), now: time("2026-08-20T12:10:00Z"),
            cityTimeZone: nil, systemTimeZone: utc) == time("2026-08-20T13:30:00Z"))
        #expect(QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(.escalated), receiver: receiver(lunch), now: time("2026-08-20T13:30:00Z"),
            cityTimeZone: nil, systemTimeZone: utc) == nil)
    }

    @Test func zoneIsTheReceiversThenTheCitysThenTheSystems() {
        let now = time("2026-08-20T22:30:00Z")  // 22:30 UTC, 00:30 Paris, 07:30 Tokyo
        let tokyo = "Asia/Tokyo"
        #expect(QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(), receiver: receiver(night, zone: "Europe/Paris"), now: now,
            cityTimeZone: tokyo, systemTimeZone: utc) == time("2026-08-21T07:00:00+02:00"))
        #expect(QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(), receiver: receiver(night), now: now, cityTimeZone: tokyo,
            systemTimeZone: utc) == nil)
        #expect(QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(), receiver: receiver(night), now: now, cityTimeZone: nil,
            systemTimeZone: utc) == time("2026-08-21T07:00:00Z"))
        #expect(QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(), receiver: receiver(night), now: now, cityTimeZone: "Not/AZone",
            systemTimeZone: utc) == time("2026-08-21T07:00:00Z"))
    }

    @Test(arguments: [Band.veryUnhealthy, .hazardous])
    func worstBandsAlwaysGoOut(band: Band) {
        #expect(QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(.firing, band: band), receiver: receiver(night), now: time("2026-08-20T23:00:00Z"),
            cityTimeZone: nil, systemTimeZone: utc) == nil)
    }

    @Test(arguments: [AlertEventKind.resolved, .test])
    func resolvedAndTestAreNeverHeld(kind: AlertEventKind) {
        #expect(QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(kind, band: .good), receiver: receiver(night), now: time("2026-08-20T23:00:00Z"),
            cityTimeZone: nil, systemTimeZone: utc) == nil)
    }

    @Test func springForwardEndsAtTheNextRealTime() {
        // 29 March 2026 in Paris: 02:00 becomes 03:00. A window 01:00-02:30 ends at 03:00 local.
        let window = QuietHours(start: 60, end: 150)
        let hold = QuietHoursPolicy.holdUntil(
            event: SampleEvents.event(), receiver: receiver(window, zone: "Europe/Paris"),
            now: time("2026-03-29T01:30:00+01:00"), cityTimeZone: nil, systemTimeZone: utc)
        #expect(hold == time("2026-03-29T03:00:00+02:00"))
    }
}
