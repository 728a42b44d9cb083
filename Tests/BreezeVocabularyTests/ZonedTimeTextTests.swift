import Foundation
import Testing

@testable import BreezeVocabulary

/// Local times with the zone's own abbreviation, from the tz database's files.
struct ZonedTimeTextTests {
    /// 2026-08-20T14:05:00Z.
    static let summer: Double = 1_787_234_700
    /// 2026-01-15T14:05:00Z.
    static let winter: Double = 1_768_485_900

    @Test(arguments: [
        ("Europe/Paris", summer, "16:05 CEST"), ("Europe/Paris", winter, "15:05 CET"),
        ("America/New_York", summer, "10:05 EDT"), ("America/New_York", winter, "09:05 EST"),
        ("Asia/Tokyo", summer, "23:05 JST"), ("Asia/Kolkata", summer, "19:35 IST"),
        ("Europe/London", summer, "15:05 BST"), ("America/Sao_Paulo", summer, "11:05 -03"),
        ("Etc/UTC", summer, "14:05 UTC"), ("UTC", summer, "14:05 UTC"), ("GMT", summer, "14:05 GMT"),
    ])
    func clockCarriesTheZonesAbbreviation(zone: String, time: Double, expected: String) {
        #expect(TimeText.clock(Instant(unixSeconds: time), in: TimeText.zone(zone)) == expected)
    }

    @Test func theCitysZoneComesFirstThenTheReceiversThenTheSystems() {
        #expect(TimeText.zone("Asia/Tokyo", "Europe/Paris").identifier == "Asia/Tokyo")
        #expect(TimeText.zone(nil, "Europe/Paris").identifier == "Europe/Paris")
        #expect(TimeText.zone("Not/AZone", "").identifier == CivilZone.current.identifier)
    }

    @Test func readableTimesAddTheDateOnlyWhenNotToday() {
        let paris = TimeText.zone("Europe/Paris")
        #expect(TimeText.readable(Instant(unixSeconds: Self.summer), now: Instant(unixSeconds: Self.summer + 3600), in: paris) == "16:05 CEST")
        #expect(TimeText.readable(Instant(unixSeconds: Self.summer), now: Instant(unixSeconds: Self.summer + 86_400), in: paris) == "Yesterday 16:05 CEST")
        #expect(TimeText.dateAndClock(Instant(unixSeconds: Self.summer), in: paris) == "2026-08-20 16:05 CEST")
    }

    @Test func spansNameTheZoneOnceAndDatesWhenTheyCrossADay() {
        let paris = TimeText.zone("Europe/Paris")
        #expect(TimeText.span(Instant(unixSeconds: Self.summer), Instant(unixSeconds: Self.summer + 2820), now: Instant(unixSeconds: Self.summer + 3000), in: paris) == "16:05–16:52 CEST")
        #expect(
            TimeText.span(Instant(unixSeconds: Self.summer), Instant(unixSeconds: Self.summer + 36_000), now: Instant(unixSeconds: Self.summer + 36_000), in: paris)
                == "Yesterday 16:05 – Today 02:05 CEST")
        // Across the end of daylight time (2026-10-25 01:00Z): both abbreviations.
        let change: Double = 1_792_890_000
        #expect(TimeText.span(Instant(unixSeconds: change - 1800), Instant(unixSeconds: change + 1800), now: Instant(unixSeconds: change + 1800), in: paris) == "02:30 CEST–02:30 CET")
    }

    @Test func openMeteoTimesAreReadAsUTC() {
        #expect(TimeText.unixSeconds(openMeteo: "2026-08-20T14:00") == 1_787_234_400)
        #expect(TimeText.unixSeconds(openMeteo: "2026-13-20T14:00") == nil)
        #expect(TimeText.unixSeconds(openMeteo: "yesterday") == nil)
    }

    @Test func hostileTimesNeverTrap() {
        let paris = TimeText.zone("Europe/Paris")
        #expect(TimeText.clock(Instant(unixSeconds: .infinity), in: paris) == "01:00 CET")
        #expect(TimeText.clock(Instant(unixSeconds: 1e300), in: paris) == "01:00 CET")
        #expect(TimeText.clock(Instant(unixSeconds: -.nan), in: paris) == "01:00 CET")
    }

    @Test func aMissingOrMalformedZoneFileIsNoZone() {
        #expect(ZoneFile.rules("../../etc/passwd") == nil)
        #expect(ZoneFile.rules("/etc/localtime") == nil)
        #expect(CivilZone(named: "/etc/localtime") == nil)
        #expect(CivilZone(named: "") == nil)
        #expect(ZoneFile.parse(Array("TZif2 but not really".utf8)) == nil)
        var truncated = Array(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Paris") ?? Data())
        #expect(ZoneFile.parse(truncated)?.type(at: Int(Self.summer)).name == "CEST")
        truncated.removeLast(truncated.count / 2)
        #expect(ZoneFile.parse(truncated) == nil)
        #expect(CivilZone.numeric(19_800) == "+0530")
        #expect(CivilZone.numeric(-10_800) == "-03")
        #expect(CivilZone.numeric(0) == "UTC")
    }
}
