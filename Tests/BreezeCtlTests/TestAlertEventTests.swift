import BreezeAlerts
import BreezeConfig
import BreezeModel
import BreezeState
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeCtl

/// `breezectl test-alert` names its event as every other id is named (`EventIdentifier.test`).
struct TestAlertEventTests {
    @Test func theTestEventIdIsTheCitySlugAndTheSecondsOfNow() {
        let event = TestAlertEvent.make(configuration: .init(), now: 1_787_238_000.5)
        // No city configured: the example city's slug ("example-" and its 16-digit hash).
        let parts = event.id.split(separator: "-")
        #expect(parts.count == 4)
        #expect(parts.first == "test")
        #expect(parts[1] == "example")
        #expect(parts[2].count == 16)
        #expect(parts.last == "1787238000")
    }
}

/// A test alert keeps the city's own name, and uses Breeze's example reading — marked as such —
/// when the city's last reading has no AQI (issue 16: it said "no AQI reported").
struct TestAlertReadingTests {
    private static let paris = City(name: "Paris", latitude: 48.85, longitude: 2.35)

    /// A configuration watching Paris whose state directory holds `reading` (none: no state).
    private func make(reading: Reading?, alerting: AlertingAQI? = nil) throws -> AlertEvent {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-test-event-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var configuration = Configuration(cities: [CityConfiguration(city: Self.paris, alert: AlertSettings())])
        configuration.breeze.stateDirectory = folder
        if let reading {
            var record = CityRecord(city: Self.paris)
            record.lastReading = reading
            record.alerting = alerting
            var state = DaemonState()
            state.cities["Paris"] = record
            try StateStore(stateDirectory: folder).save(state)
        }
        return TestAlertEvent.make(configuration: configuration, now: 1_787_238_000)
    }

    @Test func withoutStateTheExampleKeepsTheCitysName() throws {
        let event = try make(reading: nil)
        #expect(event.city.name == "Paris")
        #expect(event.exampleReading == true)
        #expect(event.aqi == 42 && event.band == .good)
    }

    @Test func anAllNullReadingFallsBackToTheExample() throws {
        let event = try make(reading: Reading(time: "2026-08-20T14:00", usAQI: nil, concentrations: [:]))
        #expect(event.exampleReading == true)
        #expect(event.aqi == 42)
        #expect(!event.message.contains("no AQI reported"))
    }

    @Test func theCitysOwnReadingIsUsedWithTheAlertingAQI() throws {
        let reading = Reading(time: "2026-08-20T14:00", usAQI: 80, concentrations: [.pm2_5: 30])
        let alerting = AlertingAQI(
            source: .nowcast, aqi: 106, dominantPollutant: .pm2_5, openMeteoAQI: 80, averages: [.pm2_5: 37.6])
        let event = try make(reading: reading, alerting: alerting)
        #expect(event.exampleReading == false)
        #expect(event.aqi == 106 && event.band == .unhealthyForSensitiveGroups && event.aqiSource == .nowcast)
        #expect(event.concentrations == [.pm2_5: 30])
        #expect(event.averages == [.pm2_5: 37.6])
        let openMeteoOnly = try make(reading: reading)
        #expect(openMeteoOnly.aqi == 80 && openMeteoOnly.band == .slightlyHigh && openMeteoOnly.averages == nil)
    }
}
