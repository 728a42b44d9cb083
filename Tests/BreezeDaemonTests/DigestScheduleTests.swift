import BreezeAlerts
import BreezeConfig
@testable import BreezeDaemon
import BreezeDelivery
import BreezeVocabulary
import Foundation
import Testing

/// When digests are due: at the receiver's local `Digest=` time, once per local day, across
/// restarts, clock changes and zones.
struct DigestScheduleTests {
    static func instant(_ text: String) -> Instant {
        Instant(unixSeconds: ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970)
    }

    static func receiver(_ name: String = "ops", at minute: Int = 7 * 60 + 30, zone: String = "UTC") -> DigestReceiver {
        DigestReceiver(name: name, minute: minute, zone: CivilZone(named: zone)!, cities: ["Paris"])
    }

    func dueDays(_ receivers: [DigestReceiver], sent: [String: String] = [:], at text: String) -> [String] {
        DigestSchedule.due(receivers, sent: sent, now: Self.instant(text)).map { "\($0.receiver.name) \($0.day)" }
    }

    @Test func dueFromItsMinuteOnNotBefore() {
        let ops = Self.receiver()
        #expect(dueDays([ops], at: "2026-12-01T07:29:59Z") == [])
        #expect(dueDays([ops], at: "2026-12-01T07:30:00Z") == ["ops 2026-12-01"])
        // Before: the next is at 07:30 exactly, not at some poll after it.
        #expect(DigestSchedule.next([ops], sent: [:], now: Self.instant("2026-12-01T07:00:00Z")) == Self.instant("2026-12-01T07:30:00Z"))
    }

    @Test func aRestartTheSameDaySendsNoSecondAndWaitsForTomorrow() {
        let ops = Self.receiver()
        let sent = ["ops": "2026-12-01"]
        #expect(dueDays([ops], sent: sent, at: "2026-12-01T07:31:00Z") == [])
        #expect(dueDays([ops], sent: sent, at: "2026-12-01T23:59:59Z") == [])
        #expect(DigestSchedule.next([ops], sent: sent, now: Self.instant("2026-12-01T07:31:00Z")) == Self.instant("2026-12-02T07:30:00Z"))
        #expect(dueDays([ops], sent: sent, at: "2026-12-02T07:30:00Z") == ["ops 2026-12-02"])
    }

    @Test func aDigestMissedWhileDownGoesAtTheStartOfTheSameDayOnly() {
        let ops = Self.receiver()
        // Down from before 07:30 until 15:00: due at once.
        #expect(dueDays([ops], sent: ["ops": "2026-11-30"], at: "2026-12-01T15:00:00Z") == ["ops 2026-12-01"])
        #expect(DigestSchedule.next([ops], sent: ["ops": "2026-11-30"], now: Self.instant("2026-12-01T15:00:00Z"))
            == Self.instant("2026-12-01T15:00:00Z"))
        // Down over the whole of 1 December, up on the 2nd before 07:30: the 1st is not sent late.
        #expect(dueDays([ops], sent: ["ops": "2026-11-30"], at: "2026-12-02T06:00:00Z") == [])
    }

    @Test func aClockSetBackSendsNoSecondForADayAlreadyDone() {
        // The 2nd was written, then the clock went back to the 1st.
        #expect(dueDays([Self.receiver()], sent: ["ops": "2026-12-02"], at: "2026-12-01T09:00:00Z") == [])
        // A marker that is no day does not stop the digest.
        #expect(dueDays([Self.receiver()], sent: ["ops": "yesterday"], at: "2026-12-01T09:00:00Z") == ["ops 2026-12-01"])
    }

    /// Paris, 29 March 2026: clocks go from 02:00 CET to 03:00 CEST; 02:30 never happens.
    @Test func aSkippedLocalTimeStillGetsItsDigestOnceTheClockIsPastIt() {
        let ops = Self.receiver(at: 2 * 60 + 30, zone: "Europe/Paris")
        #expect(dueDays([ops], sent: ["ops": "2026-03-28"], at: "2026-03-29T00:59:59Z") == [])  // 01:59:59 CET
        #expect(dueDays([ops], sent: ["ops": "2026-03-28"], at: "2026-03-29T01:00:00Z") == ["ops 2026-03-29"])  // 03:00 CEST
        #expect(DigestSchedule.next([ops], sent: ["ops": "2026-03-28"], now: Self.instant("2026-03-29T00:00:00Z"))
            == Self.instant("2026-03-29T01:00:00Z"))
        // After the change, the time is again 02:30 local, now CEST.
        #expect(DigestSchedule.next([ops], sent: ["ops": "2026-03-29"], now: Self.instant("2026-03-29T02:00:00Z"))
            == Self.instant("2026-03-30T00:30:00Z"))
    }

    /// Paris, 25 October 2026: 02:00–03:00 happens twice; only the first 02:30 sends.
    @Test func aRepeatedLocalTimeSendsOnce() {
        let ops = Self.receiver(at: 2 * 60 + 30, zone: "Europe/Paris")
        #expect(DigestSchedule.next([ops], sent: ["ops": "2026-10-24"], now: Self.instant("2026-10-24T23:00:00Z"))
            == Self.instant("2026-10-25T00:30:00Z"))  // 02:30 CEST
        #expect(dueDays([ops], sent: ["ops": "2026-10-24"], at: "2026-10-25T00:30:00Z") == ["ops 2026-10-25"])
        #expect(dueDays([ops], sent: ["ops": "2026-10-25"], at: "2026-10-25T01:30:00Z") == [])  // 02:30 CET
        // A time after the change: 07:30 CET is 06:30Z.
        let late = Self.receiver(at: 7 * 60 + 30, zone: "Europe/Paris")
        #expect(DigestSchedule.next([late], sent: [:], now: Self.instant("2026-10-25T00:00:00Z")) == Self.instant("2026-10-25T06:30:00Z"))
    }

    @Test func twoReceiversInDifferentZonesEachGetTheirOwnLocalDay() {
        let tokyo = Self.receiver("tokyo", zone: "Asia/Tokyo")  // 07:30 JST = 22:30Z the day before
        let newYork = Self.receiver("new-york", zone: "America/New_York")  // 07:30 EST = 12:30Z
        let both = [tokyo, newYork]
        #expect(dueDays(both, at: "2026-12-01T22:29:00Z") == ["new-york 2026-12-01"])
        #expect(dueDays(both, at: "2026-12-01T22:30:00Z") == ["tokyo 2026-12-02", "new-york 2026-12-01"])
        let sent = ["tokyo": "2026-12-02", "new-york": "2026-12-01"]
        #expect(DigestSchedule.next(both, sent: sent, now: Self.instant("2026-12-01T22:31:00Z")) == Self.instant("2026-12-02T12:30:00Z"))
        let later = ["tokyo": "2026-12-02", "new-york": "2026-12-02"]
        #expect(DigestSchedule.next(both, sent: later, now: Self.instant("2026-12-02T12:31:00Z")) == Self.instant("2026-12-02T22:30:00Z"))
    }

    @Test func noReceiversNoWakeUp() {
        #expect(DigestSchedule.next([], sent: [:], now: Self.instant("2026-12-01T00:00:00Z")) == nil)
    }

    /// Disabled receivers, Alertmanager receivers, receivers without `Digest=` and receivers
    /// no city notifies get none; the others get their cities in configuration order.
    @Test func disabledAndAlertmanagerReceiversGetNone() throws {
        let text = """
            [Breeze]
            StatusPageExtras=no
            [Webhook "ops"]
            URL=https://hooks.example.com/a
            Digest=07:30
            TimeZone=Asia/Tokyo
            [Webhook "am"]
            URL=https://am.example.com
            Format=alertmanager
            Digest=07:30
            [Webhook "off"]
            URL=https://off.example.com
            Format=ntfy
            Digest=07:30
            Enabled=no
            [Webhook "plain"]
            URL=https://plain.example.com
            [Email "family"]
            To=family@example.com
            Digest=08:15
            [Email "lonely"]
            To=lonely@example.com
            Digest=09:00
            [City "Paris"]
            Latitude=48.85
            Longitude=2.35
            Notify=ops family am off plain
            [City "東京"]
            Latitude=35.68
            Longitude=139.65
            Notify=family ops
            """
        let configuration = try ConfigurationLoader.load(text: text).configuration
        let names = ["ops", "am", "off", "plain", "family", "lonely"]
        let receivers: [any Receiver] = names.map { NamedReceiver(name: $0, refreshesWhileFiring: $0 == "am") }
        let routing = DeliveryRouting(configuration: configuration, receivers: receivers)
        let digest = DigestReceiver.all(configuration, routing: routing)
        #expect(digest.map(\.name) == ["ops", "family"])
        #expect(digest.first?.zone.identifier == "Asia/Tokyo")
        #expect(digest.first?.minute == 7 * 60 + 30)
        #expect(digest.map(\.cities) == [["Paris", "東京"], ["Paris", "東京"]])
        #expect(configuration.fetchesExtras)
        let check = ConfigurationCheck.digestSummary(configuration)
        #expect(check.first == "digest: ops at 07:30, family at 08:15, lonely at 09:00 (each in its TimeZone=, else the system's)")
        #expect(check.count == 2 && check[1].hasPrefix("digest: +") && check[1].contains("climate trend"))
    }
}
