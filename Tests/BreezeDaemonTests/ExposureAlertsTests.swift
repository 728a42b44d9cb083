import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeSystem
import Foundation
import Testing

@testable import BreezeDaemon
import BreezeState
import BreezeVocabulary
import BreezeTestSupport

/// The daemon's pollen and UV alerts between readings: the outbox hand-off (a failed write
/// puts the state back, the event comes again), the "no pollen data" record once per city,
/// and a poll cycle's result keeping what a reading judged while it ran.
struct ExposureAlertsTests {
    final class Rig {
        let folder = NSTemporaryDirectory() + "breeze-exposure-\(UUID().uuidString)"
        let logger = MemoryLogger()
        let failures = FailureLatch()
        var alerts = ExposureAlerts()
        var state = DaemonState()
        let configuration: Configuration
        let routing: DeliveryRouting
        let worker: DeliveryWorker
        var now = 1_787_234_400.0

        init() throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let text = "[Webhook \"ops\"]\nURL=https://hooks.example.com/a\n[Alert]\nConfirmAfter=1\n"
                + "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\nPollenThreshold=high\nUVThreshold=6\n"
                + "[City \"Tokyo\"]\nLatitude=35.68\nLongitude=139.69\nPollenThreshold=high\n"
            configuration = try ConfigurationLoader.load(text: text).configuration
            routing = DeliveryRouting(configuration: configuration, receivers: [DownReceiver(name: "ops")])
            let clock: Instant = 1_787_234_400
            worker = DeliveryWorker(
                outbox: Outbox(stateDirectory: folder), targets: routing.targets, quietHours: { _, _, _ in nil },
                clock: { clock }, random: { 0 }, report: { _ in })
        }

        @discardableResult
        func adopt(birch: Double, uv: Double) -> [AlertEvent] {
            now += 3 * 3600
            var paris = PollenReading(time: TimeText.openMeteo(Instant(unixSeconds: now)), counts: [.birch: birch], uvIndex: uv)
            paris.uvIndexMaximumToday = uv
            let tokyo = PollenReading(time: paris.time, uvIndex: 3)
            return alerts.adopt(
                ["Paris": paris, "Tokyo": tokyo], configuration: configuration, state: &state, routing: routing,
                delivery: worker, logger: logger, failures: failures, now: Instant(unixSeconds: now))
        }

        var outboxIDs: [String] { Outbox(stateDirectory: folder).scan().entries.map(\.event.id) }
        func records(_ event: String) -> Int { logger.records.filter { $0.field("BREEZE_EVENT") == event }.count }
    }

    @Test func eventsGoToTheOutboxAndAreLoggedOnceThere() throws {
        let rig = try Rig()
        defer { rig.worker.stop() }
        let events = rig.adopt(birch: 95, uv: 7)
        #expect(events.map(\.kind) == [.firing, .firing])
        #expect(Set(events.map(\.about)) == [.pollen, .uv])
        #expect(rig.outboxIDs.count == 2 && rig.outboxIDs.allSatisfy { $0.contains("-pollen-") || $0.contains("-uv-") })
        #expect(rig.records("pollen-firing") == 1 && rig.records("uv-firing") == 1)
        #expect(rig.state.cities["Paris"]?.pollenAlert?.firing == true && rig.state.cities["Paris"]?.uvAlert?.firing == true)
        // The AQI alert is untouched.
        #expect(rig.state.cities["Paris"]?.alert == CityAlertState())
    }

    @Test func aFailedWritePutsTheStateBackAndTheEventComesAgain() throws {
        let rig = try Rig()
        defer { rig.worker.stop() }
        #expect(FileManager.default.createFile(atPath: rig.folder + "/outbox", contents: Data()))
        #expect(rig.adopt(birch: 95, uv: 2).isEmpty)
        // Put back as it was before the reading: none yet.
        #expect(rig.state.cities["Paris"]?.pollenAlert == nil)
        #expect(rig.records("pollen-firing") == 0)
        #expect(rig.logger.records.filter { $0.message.contains("pollen and UV alert state kept for 1 city") }.count == 1)
        try FileManager.default.removeItem(atPath: rig.folder + "/outbox")
        let again = rig.adopt(birch: 95, uv: 2)
        #expect(again.map(\.kind) == [.firing])
        #expect(rig.outboxIDs.count == 1 && rig.records("pollen-firing") == 1)
    }

    /// Tokyo never has pollen: one record, however many readings; no event, the state holds.
    @Test func noPollenDataIsToldOncePerCity() throws {
        let rig = try Rig()
        defer { rig.worker.stop() }
        rig.adopt(birch: 5, uv: 2)
        rig.adopt(birch: 5, uv: 2)
        rig.adopt(birch: 5, uv: 2)
        #expect(rig.records("pollen-no-data") == 1)
        let record = try #require(rig.logger.records.first { $0.field("BREEZE_EVENT") == "pollen-no-data" })
        #expect(record.field("BREEZE_CITY") == "Tokyo")
        #expect(rig.state.cities["Tokyo"]?.pollenAlert?.missingStreak == 3)
        #expect(rig.state.cities["Tokyo"]?.uvAlert == nil)
    }

    @Test func aCyclesResultKeepsThePollenAndUVStates() {
        var current = DaemonState()
        var record = CityRecord(city: City(name: "Paris", latitude: 48.85, longitude: 2.35))
        record.pollenAlert = CityAlertState()
        record.pollenAlert?.firing = true
        current.cities["Paris"] = record
        var result = DaemonState()
        result.cities["Paris"] = CityRecord(city: record.city)
        ExposureAlerts.carryOver(from: current, into: &result)
        #expect(result.cities["Paris"]?.pollenAlert?.firing == true)
        #expect(result.cities["Paris"]?.uvAlert == nil)
    }
}
