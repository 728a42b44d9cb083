import BreezeAlerts
import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import BreezeSystem
import BreezeVocabulary
import BreezeWeb
import Foundation
import Synchronization
import BreezeTestSupport
import Testing

@testable import BreezeDaemon

/// A source whose answer carries an hourly series: 72 past hours of PM2.5 at 10 µg/m³ and 120 ahead.
final class SeriesSource: AirQualitySource {
    func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
        polls(for: cities, deadline: deadline).map { $0.map(\.reading) }
    }

    func polls(for cities: [City], deadline: Deadline) -> [Result<CityPoll, SourceFailure>] {
        let current = Instant(unixSeconds: 1_787_234_400)
        var columns: [Pollutant: [Double?]] = [:]
        for pollutant in Pollutant.allCases { columns[pollutant] = Array(repeating: pollutant == .pm2_5 ? 10 : 5, count: 192) }
        let series = ForecastSeries(firstHour: current - .seconds(72 * 3600), columns: columns, currentHour: current)
        let reading = Reading(time: "2026-08-20T14:00", usAQI: 53, concentrations: [.pm2_5: 10], subIndices: [.pm2_5: 53])
        return cities.map { _ in .success(CityPoll(reading: reading, forecast: series)) }
    }
}

/// Extras that count their calls.
final class CountingExtras: ExtrasSource {
    let pollenCalls = Mutex(0)
    let climateCalls = Mutex(0)

    func pollenAndUV(for cities: [City], deadline: Deadline) -> [Result<PollenReading, SourceFailure>] {
        pollenCalls.withLock { $0 += 1 }
        return cities.map { _ in .success(PollenReading(counts: [.birch: 30], uvIndex: 6)) }
    }

    func climateTrend(for city: City, day: LocalDay, deadline: Deadline) -> Result<[ClimateTrendPoint], SourceFailure> {
        climateCalls.withLock { $0 += 1 }
        return .success(ClimateTrendPoint.series([1980: 20, day.year: 22]))
    }
}

/// The whole `Daemon` with `StatusPageExtras=yes`: what the pages are handed.
struct DaemonExtrasTests {
    func makeDaemon(_ rig: DaemonRig, extras: CountingExtras, on: Bool = true) throws -> Daemon {
        try rig.write(rig.configuration().replacingOccurrences(of: "[Alert]", with: "StatusPageExtras=\(on ? "yes" : "no")\n[Alert]"))
        let loaded = try ConfigurationLoader.load(path: rig.path, environment: [:])
        let clock = rig.clock
        let environment = DaemonEnvironment(
            logger: rig.logger, notifier: ServiceNotifier { _ in true }, makeSource: { _ in SeriesSource() },
            makeExtrasSource: { configuration in configuration.breeze.statusPageExtras ? extras : nil },
            variables: [:], clock: { clock.now() }, version: "9.9-test")
        return try Daemon(configurationPath: rig.path, loaded: loaded, environment: environment)
    }

    @Test func thePublishedSnapshotCarriesHistoryForecastPollenAndClimate() async throws {
        let rig = DaemonRig()
        let extras = CountingExtras()
        let daemon = try makeDaemon(rig, extras: extras)
        daemon.start()
        #expect(await eventually { rig.logger.index(of: "status page extras: pollen and UV for 1 city, climate trend for 1") != nil })
        #expect(await eventually {
            daemon.web.publisher.flush()
            return daemon.web.publisher.current?.cities.first?.climate != nil
        })
        let paris = try #require(daemon.web.publisher.current?.cities.first)
        #expect(paris.history.count == 48)
        #expect(paris.history.last?.aqi == 53)
        #expect(paris.forecast.first?.day == "2026-08-20")
        #expect(paris.pollen == [.birch: 30])
        #expect(paris.uvIndex == 6)
        #expect(paris.climate?.last?.temperatureMaximum == 22)
        #expect(FileManager.default.fileExists(atPath: rig.state + "/climate.json"))
        // A second cycle the same day asks neither again.
        daemon.pollNow()
        #expect(await eventually { rig.logger.messages.filter { $0.hasPrefix("Paris: AQI") }.count == 2 })
        #expect(extras.pollenCalls.withLock { $0 } == 1 && extras.climateCalls.withLock { $0 } == 1)
        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }

    @Test func withoutTheKeyNothingIsFetchedOrWorkedOut() async throws {
        let rig = DaemonRig()
        let extras = CountingExtras()
        let daemon = try makeDaemon(rig, extras: extras, on: false)
        daemon.start()
        #expect(await eventually { rig.logger.index(of: "Paris: AQI") != nil })
        daemon.pollNow()
        #expect(await eventually { rig.logger.messages.filter { $0.hasPrefix("Paris: AQI") }.count == 2 })
        daemon.web.publisher.flush()
        let paris = try #require(daemon.web.publisher.current?.cities.first)
        #expect(paris.history.isEmpty && paris.pollen == nil && paris.climate == nil)
        #expect(extras.pollenCalls.withLock { $0 } == 0 && extras.climateCalls.withLock { $0 } == 0)
        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }
}
