import BreezeAlerts
import BreezeModel
import BreezeState
import BreezeVocabulary
import Testing

@testable import BreezeCtl

/// `breezectl status` writes each city's times in its own zone, also when cities share a
/// poll time (each time in each zone is written once and reused).
struct StatusTimeZoneTests {
    static let now = Instant(unixSeconds: 1_796_133_900)  // 2026-12-01 14:05 UTC

    @Test func citiesPolledAtOneInstantShowItInTheirOwnZones() {
        var state = DaemonState()
        let zones = [("Paris", "Europe/Paris"), ("東京", "Asia/Tokyo"), ("Lyon", "Europe/Paris"), ("Reykjavík", "UTC")]
        for (name, zone) in zones {
            var record = CityRecord(city: City(name: name, latitude: 1, longitude: 2, timeZone: zone))
            record.lastPollAt = Self.now - .seconds(60)
            record.bandSince = Self.now - .seconds(26 * 3600)
            state.cities[name] = record
        }
        state.lastCycleCompletedAt = Self.now
        let lines = StatusReport(state: state, configuredCities: zones.map(\.0), configuredInterval: 900, now: Self.now)
            .lines(colours: false)
        for (name, zone) in zones {
            let line = lines.first { $0.hasPrefix(name + " ") } ?? ""
            let civil = City(name: name, latitude: 1, longitude: 2, timeZone: zone).zone
            #expect(line.contains(TimeText.readable(Self.now - .seconds(60), now: Self.now, in: civil)), "\(line)")
            #expect(line.contains(TimeText.readable(Self.now - .seconds(26 * 3600), now: Self.now, in: civil)), "\(line)")
        }
        let paris = lines.first { $0.hasPrefix("Paris ") } ?? ""
        let tokyo = lines.first { $0.hasPrefix("東京 ") } ?? ""
        #expect(paris.contains("15:04 CET") && tokyo.contains("23:04 JST"), "\(lines)")
    }
}
