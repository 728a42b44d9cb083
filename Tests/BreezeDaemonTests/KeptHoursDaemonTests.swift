import BreezeAlerts
import BreezeModel
import BreezeOpenMeteo
import BreezeState
import BreezeSystem
import Synchronization
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeDaemon

/// `breezed --once` cycles on one state directory against the real fixture server (the rig of
/// `ModelRunDaemonTests`): each city's hours are kept in `hours.bin`, and a poll asks the
/// whole window only when they do not reach the previous hour.
@Suite(.serialized)
struct KeptHoursDaemonTests {
    /// Each air-quality request's `past_hours`, oldest first.
    static func pasts(_ rig: ModelRunDaemonTests.Rig) throws -> [String] {
        try rig.server.recordedRequests().filter { ($0["path"] as? String) == "/v1/air-quality" }.compactMap {
            ($0["form"] as? [String: [String]])?["past_hours"]?.first
        }
    }

    static func inode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? Int
    }

    @Test func aPollAsksTheWholeWindowOnlyWithoutHoursReachingThePreviousOne() throws {
        let rig = try ModelRunDaemonTests.Rig()
        defer { rig.stop() }
        let file = rig.folder + "/state/hours.bin"
        let warnings = { rig.logger.records.filter { $0.message.hasPrefix("the kept hours could not be read") } }
        // A start without state: the whole window (with the forecast).
        var summary = try rig.cycle()
        #expect(try Self.pasts(rig) == ["72"])
        #expect(summary.recentAsked == 0 && summary.keptHoursChanged)
        let stored = KeptHoursStore(stateDirectory: rig.folder + "/state").load()
        #expect(stored.problem == nil && Set(stored.hours.keys) == ["Paris", "Tokyo"])
        // Paris's reading records: its AQI and where it came from (NowCast, not a fallback).
        func parisRecords() -> [String] {
            rig.logger.records.filter { $0.message.hasPrefix("Paris: AQI") }.map {
                "\($0.field("BREEZE_AQI") ?? "-") \($0.field("BREEZE_AQI_SOURCE") ?? "-") \($0.field("BREEZE_AQI_FALLBACK") ?? "-")"
            }
        }
        let first = try #require(parisRecords().last)
        #expect(first.hasSuffix(" -"), "no fallback to Open-Meteo's us_aqi: \(first)")

        // A restart 15 minutes later: only the hours since, the same history on the page.
        try rig.advance(minutes: 15)
        let written = Self.inode(file)
        summary = try rig.cycle()
        #expect(try Self.pasts(rig) == ["72", "3"])
        #expect(summary.recentAsked == 2)
        #expect(rig.logger.records.contains { $0.message == "the forecast was asked for 0 of 2 cities, only the recent hours for 2" })
        // Within the hour the answer is the same: so is the AQI, read from the same 24 hours.
        #expect(parisRecords().last == first)
        #expect(summary.citiesWithData == 2)
        // The same hour, the same values: the file is not written again.
        #expect(!summary.keptHoursChanged && Self.inode(file) == written)

        // The next hour: the recent hours again, and the file written with the new hour.
        try rig.advance(minutes: 45)
        summary = try rig.cycle()
        #expect(try Self.pasts(rig).suffix(1) == ["3"])
        #expect(summary.keptHoursChanged && Self.inode(file) != written)

        // A gap of 5 hours: the whole window again.
        try rig.advance(minutes: 5 * 60)
        _ = try rig.cycle()
        #expect(try Self.pasts(rig).suffix(1) == ["72"])
        try rig.advance(minutes: 15)
        _ = try rig.cycle()
        #expect(try Self.pasts(rig).suffix(1) == ["3"])
        #expect(warnings().isEmpty)

        // A file that does not read: the whole window, one warning naming it.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: file))
        try rig.advance(minutes: 15)
        summary = try rig.cycle()
        #expect(try Self.pasts(rig).suffix(1) == ["72"])
        #expect(summary.citiesWithData == 2)
        #expect(warnings().count == 1)
        #expect(warnings().first?.field("BREEZE_ERROR") == file + ": not a kept-hours file")
        // Written again whole: the next poll asks the recent hours.
        try rig.advance(minutes: 15)
        _ = try rig.cycle()
        #expect(try Self.pasts(rig).suffix(1) == ["3"])

        // A deleted file: the whole window, no warning (a start without it).
        try FileManager.default.removeItem(atPath: file)
        try rig.advance(minutes: 15)
        _ = try rig.cycle()
        #expect(try Self.pasts(rig).suffix(1) == ["72"])
        #expect(warnings().count == 1)
    }

    /// A city removed from the configuration leaves the file; one moved asks the whole window.
    @Test func aCityRemovedOrMovedStartsOver() throws {
        let rig = try ModelRunDaemonTests.Rig()
        defer { rig.stop() }
        _ = try rig.cycle()
        let path = rig.folder + "/breezed.conf"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "[City \"Tokyo\"]\nLatitude=35.68\nLongitude=139.69\n", with: "")
            .replacingOccurrences(of: "Longitude=2.35", with: "Longitude=2.36")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try rig.advance(minutes: 15)
        let summary = try rig.cycle()
        #expect(try Self.pasts(rig) == ["72", "72"])
        #expect(summary.recentAsked == 0 && summary.keptHoursChanged)
        let stored = KeptHoursStore(stateDirectory: rig.folder + "/state").load().hours
        #expect(Array(stored.keys) == ["Paris"])
        #expect(stored["Paris"]?.isFor(latitude: 48.85, longitude: 2.36) == true)
    }

    /// Answers every city with a 72 + 1 hour grid, its current AQI usable or not, recording
    /// what each was asked.
    final class WindowSource: AirQualitySource {
        let asked = Mutex<[[PollAsk]]>([])
        let unusable = Mutex(false)

        func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] { [] }

        func polls(
            for cities: [City], asks: [PollAsk], deadline: Deadline, requests: inout [String: Int],
            reducing reduce: (_ index: Int, inout CityPoll) -> Void
        ) -> [Result<CityPoll, SourceFailure>] {
            asked.withLock { $0.append(asks) }
            let unusable = unusable.withLock { $0 }
            let current = Instant(unixSeconds: 1_787_234_400)
            let series = ForecastSeries(
                firstHour: current - .seconds(72 * 3600), columns: [.pm2_5: (0..<73).map { Double($0) / 10 }],
                currentHour: current)
            return cities.indices.map { index in
                var poll = CityPoll(
                    reading: Reading(time: "2026-08-20T14:00", usAQI: 50, concentrations: [.pm2_5: 7.2]),
                    hourly: unusable ? .unusable("hourly rows missing") : nil, forecast: series,
                    forecastIncluded: asks[index].forecast)
                reduce(index, &poll)
                return .success(poll)
            }
        }
    }

    /// A poll whose current window came without its rows keeps no hours: the next asks them all.
    @Test func hoursWithoutTheirRowsAreNotKept() {
        let source = WindowSource()
        let paris = WatchedCity(city: City(name: "Paris", latitude: 48.85, longitude: 2.35), rule: AlertRule(threshold: 101))
        var state = DaemonState()
        var kept = KeptForecasts()
        var hours: [String: KeptHours] = [:]
        var now = Instant(unixSeconds: 1_787_234_400 + 600)
        func cycle() -> CycleSummary {
            defer { now = now + .seconds(600) }
            return PollCycle.run(
                cities: [paris], state: &state, kept: &kept, hours: &hours, source: source, logger: MemoryLogger(),
                now: now, deadline: Deadline(monotonic: 0), reduction: nil)
        }
        var summary = cycle()
        #expect(summary.keptHoursChanged && hours["Paris"]?.value(.pm2_5, hour: 1_787_234_400 / 3600) == 7.2)
        summary = cycle()
        #expect(summary.recentAsked == 1 && !summary.keptHoursChanged)
        source.unusable.withLock { $0 = true }
        summary = cycle()
        #expect(summary.recentAsked == 1 && summary.keptHoursChanged && hours.isEmpty)
        source.unusable.withLock { $0 = false }
        summary = cycle()
        #expect(summary.recentAsked == 0 && hours["Paris"] != nil)
        #expect(source.asked.withLock { $0.map { $0[0].recent != nil } } == [false, true, true, false])
    }
}
