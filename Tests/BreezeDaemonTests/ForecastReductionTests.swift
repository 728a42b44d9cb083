import BreezeAlerts
import BreezeConfig
import BreezeModel
@testable import BreezeState
import BreezeOpenMeteo
import BreezeSystem
import BreezeVocabulary
import BreezeWeb
import Foundation
import Testing

@testable import BreezeDaemon
import BreezeTestSupport

/// A source whose cities' hourly series are odd in every way a response can be: nulls, NaN,
/// 1e300, negative values, short or empty columns, a grid starting off the hour, no current
/// hour. City `i` gets series `i % count`; the concentrations move with `cycle`.
final class OddSeriesSource: AirQualitySource, @unchecked Sendable {
    var cycle = 0
    static let start = 1_796_083_200.0  // 2026-12-01T00:00Z

    static func series(_ kind: Int, cycle: Int) -> ForecastSeries {
        let current = Instant(unixSeconds: start + 16 * 3600)
        let first = current - .seconds(72 * 3600)
        func column(_ value: (Int) -> Double?) -> [Double?] { (0..<192).map(value) }
        let level = Double(20 + 30 * (cycle % 3))
        var columns: [Pollutant: [Double?]] = [:]
        switch kind {
        case 0:  // a clean grid, every pollutant, a smoky day ahead
            for pollutant in Pollutant.allCases { columns[pollutant] = column { $0 / 24 == 4 ? level * 3 : 5 } }
        case 1:  // nulls and NaN here and there
            columns[.pm2_5] = column { $0 % 7 == 0 ? nil : ($0 % 11 == 0 ? .nan : level) }
            columns[.o3] = column { $0 % 5 == 0 ? nil : 80 }
        case 2:  // hostile numbers
            columns[.pm2_5] = column { $0 % 13 == 0 ? 1e300 : ($0 % 17 == 0 ? -4 : level) }
            columns[.pm10] = column { $0 % 3 == 0 ? .infinity : 40 }
        case 3:  // short columns: the forecast ends early
            columns[.pm2_5] = Array(column { _ in level * 2 }.prefix(100))
            columns[.no2] = Array(column { _ in 30 }.prefix(130))
        case 4:  // nothing at all
            columns[.pm2_5] = []
        default:  // off the hour, no current hour
            return ForecastSeries(
                firstHour: first + .seconds(1800), columns: [.pm2_5: column { _ in level }], problems: ["odd grid"])
        }
        return ForecastSeries(firstHour: first, columns: columns, problems: kind == 1 ? ["nulls"] : [], currentHour: current)
    }

    func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
        polls(for: cities, deadline: deadline).map { $0.map(\.reading) }
    }

    func polls(for cities: [City], deadline: Deadline) -> [Result<CityPoll, SourceFailure>] {
        cities.indices.map { index in
            if index == 7 { return .failure(SourceFailure(message: "no answer", permanent: false)) }
            let reading = Reading(
                time: "2026-12-01T16:00", usAQI: 60 + 40 * (cycle % 3), concentrations: [.pm2_5: 20],
                subIndices: [.pm2_5: 60])
            return .success(CityPoll(reading: reading, forecast: Self.series(index % 6, cycle: cycle)))
        }
    }
}

/// The series reduced as soon as a city's batch is read (`ForecastReduction`) give the same
/// records, events, state bytes, page extras and digests as the whole series read later.
struct ForecastReductionTests {
    static let zones = ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Pacific/Kiritimati", "Europe/Paris"]

    static func configuration() throws -> Configuration {
        var text = "[Alert]\nConfirmAfter=1\nForecastDays=3\nForecastAt=15:30\n"
        for index in 0..<12 {
            text += "[City \"City \(index)\"]\nLatitude=\(10 + index)\nLongitude=\(index * 3)\n"
                + "TimeZone=\(zones[index % zones.count])\n"
            if index == 4 { text += "ForecastThreshold=off\n" }
            if index == 5 { text += "ForecastThreshold=51\nForecastDays=1\n" }
        }
        return try ConfigurationLoader.load(text: text).configuration
    }

    struct Outcome {
        var records: [LogRecord]
        var events: [AlertEvent]
        var state: [UInt8]
        var pages: [String: PolledPage]
        var digests: [DigestCity]
    }

    /// Cycles at `nows` (hours after 2026-12-01T00:00Z), reduced or not.
    static func run(reduced: Bool, nows: [Double]) throws -> Outcome {
        let configuration = try configuration()
        let plan = DaemonPlan(configuration: configuration, source: OddSeriesSource())
        let source = OddSeriesSource()
        let logger = MemoryLogger()
        var state = DaemonState()
        var events: [AlertEvent] = []
        var pages: [String: PolledPage] = [:]
        var digests: [DigestCity] = []
        let digestCities = Set(["City 0", "City 1", "City 3", "City 6"])
        for (cycle, hours) in nows.enumerated() {
            source.cycle = cycle
            let now = Instant(unixSeconds: OddSeriesSource.start + hours * 3600)
            let reduction = reduced
                ? ForecastReduction(
                    cities: plan.cities, configuration: configuration, pages: true, digestCities: digestCities, now: now)
                : nil
            // The source brings every city's forecast every cycle: nothing kept is read.
            var kept = KeptForecasts()
            var hours: [String: KeptHours] = [:]
            var summary = PollCycle.run(
                cities: plan.cities, state: &state, kept: &kept, hours: &hours, source: source, logger: logger, now: now,
                deadline: Deadline(monotonic: 0), reduction: reduction)
            if reduced {
                // Only the digests' cities keep their grid.
                #expect(Set(summary.forecasts.filter { $0.value.series != nil }.keys) == digestCities)
            }
            ForecastCycle.run(
                &summary, state: &state, configuration: configuration, logger: logger, now: now, reduction: reduction)
            events += summary.events
            for (name, page) in PolledExtras.byCity(summary.forecasts, configuration: configuration) {
                pages["\(cycle) \(name)"] = PolledPage(history: page.history, forecast: page.forecast)
            }
            let sources = DigestContent.Sources(
                cities: plan.cities, configuration: configuration, state: state,
                forecasts: summary.forecasts.compactMapValues(\.series), extras: [:])
            let receiver = DigestReceiver(
                name: "ops", minute: 0, zone: CivilZone.utc, cities: digestCities.sorted())
            // The digest reads the series at its own time, a day later too.
            for later in [0.0, 20] {
                let at = now + .seconds(later * 3600)
                digests += DigestContent.details(
                    for: receiver, day: LocalDay(at, in: receiver.zone)!, from: sources, now: at
                ).cities
            }
        }
        return Outcome(
            records: logger.records, events: events, state: try StateJSONWriter.encode(state),
            pages: pages, digests: digests)
    }

    @Test(arguments: [[10.0, 15.75, 16, 23.5], [15.5, 40, 41, 64]])
    func reducedEarlyEqualsReadLater(nows: [Double]) throws {
        let whole = try Self.run(reduced: false, nows: nows)
        let reduced = try Self.run(reduced: true, nows: nows)
        #expect(reduced.records == whole.records)
        #expect(reduced.events == whole.events)
        #expect(reduced.state == whole.state)
        #expect(reduced.pages == whole.pages)
        #expect(reduced.digests == whole.digests)
        // The comparison is not empty: forecasts were announced and days left unrated.
        #expect(whole.events.contains { $0.kind == .forecast })
        #expect(whole.records.contains { $0.message.contains("no forecast alert") })
        #expect(whole.pages.values.contains { !$0.history.isEmpty })
        #expect(whole.digests.contains { $0.forecastPeakAQI != nil })
    }
}
