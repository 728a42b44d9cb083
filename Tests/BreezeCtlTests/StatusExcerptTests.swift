import BreezeAlerts
import BreezeModel
import BreezeState
import BreezeVocabulary
import Testing

@testable import BreezeCtl

/// The control socket's `status` answer carries `DaemonState.statusExcerpt`, not the whole
/// state: `breezectl status` (text and `--json`) must print the same from either, after the
/// trip through the state document as the socket carries it.
struct StatusExcerptTests {
    static func state() -> DaemonState {
        var state = DaemonState()
        var full = CityRecord(
            city: City(name: "São \"Paulo\"\u{1}", country: "Brasil", admin1: "SP", latitude: -23.5, longitude: -46.6,
                       timeZone: "America/Sao_Paulo"))
        full.lastReading = Reading(
            time: "2026-08-20T14:00", usAQI: 162, concentrations: [.pm2_5: 76.4, .o3: 5e20], subIndices: [.pm2_5: 162])
        full.alerting = AlertingAQI(
            source: .openMeteo, aqi: 160, dominantPollutant: .pm2_5, openMeteoAQI: 162,
            fallbackReason: "hourly series unusable: \"pm2_5\" has no value", averages: [.pm2_5: 76.4, .co: 900.125])
        full.band = .unhealthy
        full.bandSince = Instant(unixSeconds: 1_800_000_000.25)
        full.lastPollAt = Instant(unixSeconds: 1_800_000_900)
        full.lastSuccessfulPollAt = Instant(unixSeconds: 1_800_000_000.5)
        full.lastError = "Open-Meteo unreachable: timed out"
        full.alert.firing = true
        full.alert.breachStreak = 2
        full.alert.notifiedBand = .unhealthyForSensitiveGroups
        full.alert.lastNotifiedAt = Instant(unixSeconds: 1_800_000_100.5)
        full.forecast = CityForecastState(days: [.init(day: "2026-08-21", announcedBand: .unhealthy, events: 2)])
        full.sensitiveAlert = full.alert
        full.pollenAlert = CityAlertState()
        full.uvAlert = full.alert
        state.cities[full.city.name] = full
        // From before the alerting AQI was kept: Open-Meteo's value from the reading.
        var old = CityRecord(city: City(name: "東京", latitude: 35.68, longitude: 139.69))
        old.lastReading = Reading(time: "2026-08-20T14:00", usAQI: 42, concentrations: [:], subIndices: [:])
        old.band = .good
        var sensitive = CityAlertState()
        sensitive.firing = true
        sensitive.clearStreak = 3
        old.sensitiveAlert = sensitive
        state.cities[old.city.name] = old
        var quiet = CityRecord(city: City(name: "Zürich", latitude: 47.37, longitude: 8.54))
        quiet.alerting = AlertingAQI(source: .nowcast, aqi: nil, dominantPollutant: nil, openMeteoAQI: nil)
        quiet.sensitiveAlert = CityAlertState()
        state.cities[quiet.city.name] = quiet
        state.cities["Gone"] = CityRecord(city: City(name: "Gone", latitude: 0, longitude: 0))
        state.digestsSent = ["ops": "2026-08-20"]
        state.lastCycleCompletedAt = Instant(unixSeconds: 1_800_000_950.5)
        state.lastCycleStartedAt = Instant(unixSeconds: 1_800_000_900)
        state.pollInterval = .seconds(900)
        state.processID = 4242
        return state
    }

    static func report(_ state: DaemonState, now: Double) -> StatusReport {
        StatusReport(
            state: state, configuredCities: ["Zürich", "Nowhere", "東京", "São \"Paulo\"\u{1}"], configuredInterval: 600,
            now: Instant(unixSeconds: now))
    }

    @Test(arguments: [1_800_001_000.0, 1_800_009_000, 1_700_000_000])
    func theStatusFromTheExcerptIsTheStatusFromTheState(now: Double) throws {
        let state = Self.state()
        let carried = try StateDocument.decode(try StateDocument.encode(state.statusExcerpt))
        #expect(carried.cities.count == state.cities.count)
        for colours in [false, true] {
            #expect(Self.report(carried, now: now).lines(colours: colours) == Self.report(state, now: now).lines(colours: colours))
        }
        #expect(Self.report(carried, now: now).json().text == Self.report(state, now: now).json().text)
        #expect(Self.report(carried, now: now).isStale == Self.report(state, now: now).isStale)
    }

    @Test func theExcerptLeavesOutWhatStatusDoesNotShow() throws {
        let state = Self.state()
        let whole = try StateDocument.encode(state).count
        let excerpt = state.statusExcerpt
        #expect(try StateDocument.encode(excerpt).count < whole)
        let paulo = try #require(excerpt.cities["São \"Paulo\"\u{1}"])
        #expect(paulo.forecast == nil && paulo.pollenAlert == nil && paulo.uvAlert == nil && paulo.lastReading == nil)
        #expect(paulo.alerting?.averages == [:] && paulo.alert.breachStreak == 0 && paulo.alert.firing)
        #expect(excerpt.digestsSent.isEmpty)
        #expect(excerpt.cities["東京"]?.lastReading?.usAQI == 42)
        #expect(excerpt.cities["東京"]?.sensitiveAlert?.firing == true)
    }
}
