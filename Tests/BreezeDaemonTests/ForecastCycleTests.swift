import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeOpenMeteo
import BreezeState
import BreezeSystem
import BreezeVocabulary
import Foundation
import Synchronization
import Testing

@testable import BreezeDaemon
import BreezeTestSupport

/// A source answering every city with `aqi` now and a PM2.5 forecast of `tomorrow` µg/m³ for
/// the whole next UTC day (from 2026-12-01T00:00Z).
final class ForecastingSource: AirQualitySource {
    static let today: Double = 1_796_083_200
    let aqi = Mutex(40)
    let tomorrow = Mutex(60.0)

    func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
        polls(for: cities, deadline: deadline).map { $0.map(\.reading) }
    }

    func polls(for cities: [City], deadline: Deadline) -> [Result<CityPoll, SourceFailure>] {
        let aqi = aqi.withLock { $0 }
        let tomorrow = tomorrow.withLock { $0 }
        let column: [Double?] = (0..<96).map { $0 / 24 == 1 ? tomorrow : 5 }
        let series = ForecastSeries(firstHour: Instant(unixSeconds: Self.today), columns: [.pm2_5: column])
        return cities.map { _ in
            .success(
                CityPoll(
                    reading: Reading(
                        time: "2026-12-01T16:00", usAQI: aqi, concentrations: [.pm2_5: Double(aqi) / 3],
                        subIndices: [.pm2_5: aqi]),
                    forecast: series))
        }
    }
}

/// The forecast step of a cycle: its events beside the current air's, kept back like them.
struct ForecastCycleTests {
    final class Rig {
        let folder = NSTemporaryDirectory() + "breeze-forecast-\(UUID().uuidString)"
        let source = ForecastingSource()
        let logger = MemoryLogger()
        let failures = FailureLatch()
        var state = DaemonState()
        let configuration: Configuration
        let routing: DeliveryRouting
        let worker: DeliveryWorker
        let city: WatchedCity
        /// 2026-12-01T16:05Z, just after ForecastAt=16:00 in UTC.
        var now = ForecastingSource.today + 16 * 3600 + 300

        init() throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let text = "[Alert]\nConfirmAfter=1\n[Webhook \"ops\"]\nURL=https://hooks.example.com/a\n"
                + "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\nTimeZone=UTC\n"
            configuration = try ConfigurationLoader.load(text: text).configuration
            routing = DeliveryRouting(configuration: configuration, receivers: [DownReceiver(name: "ops")])
            city = WatchedCity(city: configuration.cities[0].city, rule: AlertRule(configuration.cities[0].alert))
            let clock = now
            worker = DeliveryWorker(
                outbox: Outbox(stateDirectory: folder), targets: routing.targets, quietHours: { _, _, _ in nil },
                clock: { Instant(unixSeconds: clock) }, random: { 0 }, report: { _ in })
        }

        /// One cycle as `Daemon.poll` runs it.
        func cycle() -> CycleSummary {
            let instant = Instant(unixSeconds: now)
            var summary = PollCycle.run(
                cities: [city], state: &state, source: source, logger: logger, now: instant, deadline: Deadline(monotonic: 0))
            ForecastCycle.run(&summary, state: &state, configuration: configuration, logger: logger, now: instant)
            OutboxHandOff.run(
                &summary, state: &state, routing: routing, delivery: worker, logger: logger, failures: failures, now: instant)
            now += 900
            return summary
        }

        var outboxIDs: [String] { Outbox(stateDirectory: folder).scan().entries.map(\.event.id) }
    }

    @Test func aForecastAndACurrentAlertGoOutSideBySideIndependently() throws {
        let rig = try Rig()
        defer { rig.worker.stop() }
        rig.source.aqi.withLock { $0 = 180 }
        let first = rig.cycle()
        #expect(first.events.map(\.kind) == [.firing, .forecast])
        #expect(rig.state.cities["Paris"]?.alert.firing == true)
        #expect(rig.state.cities["Paris"]?.forecast?.days.first?.announcedBand == .unhealthy)
        #expect(rig.logger.records.filter { $0.field("BREEZE_EVENT") == "forecast" }.count == 1)
        // The current air clears; the forecast stays: a resolve, nothing about tomorrow.
        rig.source.aqi.withLock { $0 = 20 }
        let second = rig.cycle()
        #expect(second.events.map(\.kind) == [.resolved])
        #expect(rig.state.cities["Paris"]?.forecast?.days.first?.announcedBand == .unhealthy)
        // Tomorrow clears; the air now is untouched.
        rig.source.tomorrow.withLock { $0 = 5 }
        let third = rig.cycle()
        #expect(third.events.map(\.kind) == [.forecastCleared])
        #expect(rig.state.cities["Paris"]?.alert.firing == false)
        let ids = rig.outboxIDs
        #expect(ids.filter { $0.contains("-forecast-2026-12-02-") }.count == 2)
    }

    @Test func aForecastThatCannotBeWrittenIsRaisedAgainWithTheSameId() throws {
        let rig = try Rig()
        defer { rig.worker.stop() }
        #expect(FileManager.default.createFile(atPath: rig.folder + "/outbox", contents: Data()))
        let failed = rig.cycle()
        #expect(failed.events.isEmpty)
        #expect(rig.state.cities["Paris"]?.forecast == nil)
        try FileManager.default.removeItem(atPath: rig.folder + "/outbox")
        let written = rig.cycle()
        #expect(written.events.map(\.id) == [EventIdentifier.forecast(city: "Paris", day: "2026-12-02", number: 1, kind: .forecast)])
        #expect(rig.outboxIDs == written.events.map(\.id))
        #expect(rig.cycle().events.isEmpty)
    }

    @Test func forecastThresholdOffForgetsTheDays() throws {
        let text = "[Alert]\nForecastThreshold=off\n[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\nTimeZone=UTC\n"
        let configuration = try ConfigurationLoader.load(text: text).configuration
        var state = DaemonState()
        var record = CityRecord(city: configuration.cities[0].city)
        record.forecast = CityForecastState(days: [.init(day: "2026-12-02", announcedBand: .unhealthy, events: 1)])
        state.cities["Paris"] = record
        var summary = CycleSummary()
        ForecastCycle.run(
            &summary, state: &state, configuration: configuration, logger: MemoryLogger(),
            now: Instant(unixSeconds: ForecastingSource.today + 17 * 3600))
        #expect(summary.events.isEmpty)
        #expect(state.cities["Paris"]?.forecast == nil)
    }
}
