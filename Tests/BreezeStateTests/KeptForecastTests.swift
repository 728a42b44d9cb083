import BreezeAlerts
import BreezeModel
import Foundation
import Testing
import BreezeVocabulary

@testable import BreezeState

/// A forecast kept between the polls that ask for it: what is kept, how it goes after a poll
/// of the current hour only, and `forecast.json`.
struct KeptForecastTests {
    static let current = Instant(unixSeconds: 1_787_234_400)

    /// A series of `past` hours before the current one, the current one and `ahead` after,
    /// PM2.5 at `pm` and O₃ at the hour's offset from the current one + 100.
    static func series(past: Int = 72, ahead: Int, pm: Double, current: Instant = current, problems: [String] = []) -> ForecastSeries {
        let count = past + 1 + ahead
        let ozone: [Double?] = (0..<count).map { Double($0 - past) + 100 }
        return ForecastSeries(
            firstHour: current - .seconds(Double(past) * 3600),
            columns: [.pm2_5: Array(repeating: pm, count: count), .o3: ozone], problems: problems, currentHour: current)
    }

    @Test func theHoursAfterTheCurrentOneAreKept() throws {
        let kept = try #require(KeptForecast(series: Self.series(ahead: 119, pm: 20), polledAt: Self.current, runs: ["cams_global": Self.current]))
        #expect(kept.firstHour == Self.current + .seconds(3600))
        #expect(kept.hourCount == 119)
        #expect(kept.columns[.o3]?.first == 101)
        #expect(kept.columns[.pm10] == nil)
    }

    /// The splice as it was first written, hour by hour through optionals, checked again.
    static func referenceSplice(_ kept: KeptForecast, onto series: ForecastSeries) -> ForecastSeries {
        guard let current = series.currentHour else { return series }
        let start = series.firstHour.unixSeconds
        let currentIndex = Int((current.unixSeconds - start) / 3600)
        let keptStart = Int((kept.firstHour.unixSeconds - start) / 3600)
        let own = series.concentrations
        let length = max(own.hourCount, keptStart + kept.hourCount)
        var merged: [Pollutant: [Double?]] = [:]
        for pollutant in Pollutant.allCases where own.hasColumn(pollutant) || kept.columns[pollutant] != nil {
            let column = kept.columns[pollutant]
            merged[pollutant] = (0..<length).map { hour in
                if hour <= currentIndex { return own.value(pollutant, at: hour) }
                if let value = own.value(pollutant, at: hour) { return value }
                guard let column, hour - keptStart >= 0, hour - keptStart < column.count else { return nil }
                return KeptForecast.concentration(column[hour - keptStart])
            }
        }
        var problems = series.problems
        for problem in kept.problems where !problems.contains(problem) { problems.append(problem) }
        return ForecastSeries(firstHour: series.firstHour, columns: merged, problems: problems, currentHour: current)
    }

    /// The splice gives what the hour-by-hour one gave, over kept forecasts that start before,
    /// at and after the poll's hours, with gaps, columns only one side has, and values out of range.
    @Test func theSpliceGivesWhatTheHourByHourOneGave() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<400 {
            let past = Int.random(in: 0...72, using: &generator)
            let ahead = Int.random(in: 0...5, using: &generator)
            let count = past + 1 + ahead
            let current = Self.current + .seconds(Double(round % 7) * 3600)
            func column() -> [Double?] {
                (0..<count).map { _ in Int.random(in: 0..<5, using: &generator) == 0 ? nil : Double(Int.random(in: 0...5000, using: &generator)) / 10 }
            }
            var columns: [Pollutant: [Double?]] = [.pm2_5: column()]
            if Bool.random(using: &generator) { columns[.o3] = column() }
            let series = ForecastSeries(
                firstHour: current - .seconds(Double(past) * 3600), columns: columns, problems: ["own"], currentHour: current)
            let keptColumns: [Pollutant: [Float]] = [.pm2_5: [], .co: [], .o3: []].mapValues { _ in
                (0..<Int.random(in: 0...130, using: &generator)).map { _ in
                    switch Int.random(in: 0..<10, using: &generator) {
                    case 0: .nan
                    case 1: 2e9
                    case 2: -.infinity
                    default: Float(Double(Int.random(in: 0...9999, using: &generator)) / 10)
                    }
                }
            }
            let shift = Double(Int.random(in: -80...8, using: &generator)) * 3600
            let kept = KeptForecast(
                polledAt: current, runs: [:], firstHour: current + .seconds(shift), columns: keptColumns, problems: ["kept", "own"])
            let spliced = kept.spliced(onto: series)
            let reference = Self.referenceSplice(kept, onto: series)
            #expect(spliced == reference, "round \(round)")
            #expect(spliced.concentrations.implausibleHours == reference.concentrations.implausibleHours)
        }
    }

    /// Two hours later, a poll of the current hour only: its own hours up to now, the kept
    /// ones after, never a kept hour before now.
    @Test func aPollOfTheCurrentHourGetsTheKeptHoursAfterIt() throws {
        let kept = try #require(KeptForecast(series: Self.series(ahead: 119, pm: 20, problems: ["short"]), polledAt: Self.current, runs: [:]))
        let later = Self.current + .seconds(7200)
        let fresh = Self.series(ahead: 0, pm: 5, current: later)
        let spliced = kept.spliced(onto: fresh)
        #expect(spliced.firstHour == fresh.firstHour)
        #expect(spliced.currentHour == later)
        #expect(spliced.concentrations.hourCount == 73 + 117)
        #expect(spliced.concentrations.value(.pm2_5, at: 72) == 5)
        #expect(spliced.concentrations.value(.pm2_5, at: 73) == 20)
        // O₃ of the hour after the new current one: kept as the 3rd hour after the old.
        #expect(spliced.concentrations.value(.o3, at: 73) == 103)
        #expect(spliced.concentrations.value(.pm2_5, at: 73 + 117) == nil)
        #expect(spliced.problems == ["short"])
        // A series without a current hour is left as it is.
        var timeless = fresh
        timeless.currentHour = nil
        #expect(kept.spliced(onto: timeless) == timeless)
        // A kept forecast older than the new current hour adds nothing before its own end.
        let muchLater = Self.series(ahead: 0, pm: 5, current: Self.current + .seconds(200 * 3600))
        #expect(kept.spliced(onto: muchLater).concentrations.hourCount == 73)
    }

    @Test func forecastJSONReadsBackWhatWasWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-kept-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = KeptForecastStore(stateDirectory: folder)
        #expect(store.load().forecasts == KeptForecasts() && store.load().problem == nil)
        var series = Self.series(ahead: 119, pm: 12.3, problems: ["the forecast is 3 hours short"])
        var columns = series.concentrations.columns
        columns[.co] = Array(repeating: nil, count: 192)
        columns[.co]![100] = 250.7
        series = ForecastSeries(firstHour: series.firstHour, columns: columns, problems: series.problems, currentHour: series.currentHour)
        var kept = try #require(KeptForecast(series: series, polledAt: Self.current, runs: ["cams_global": Self.current - .seconds(14 * 3600)]))
        kept.latitude = 35.68
        kept.longitude = 139.69
        let forecasts = KeptForecasts(cities: ["東京 \u{7}\"": kept], runs: ["cams_global": Self.current - .seconds(14 * 3600)])
        try store.save(forecasts)
        let loaded = store.load()
        #expect(loaded.problem == nil)
        // NaN (no value) is not equal to itself: compared as -1.
        func comparable(_ forecasts: KeptForecasts) -> [String: [Pollutant: [Float]]] {
            forecasts.cities.mapValues { $0.columns.mapValues { $0.map { $0.isNaN ? -1 : $0 } } }
        }
        #expect(comparable(loaded.forecasts) == comparable(forecasts))
        var withoutHours = loaded.forecasts
        var expected = forecasts
        for name in expected.cities.keys {
            withoutHours.cities[name]?.columns = [:]
            expected.cities[name]?.columns = [:]
        }
        #expect(withoutHours == expected)
        #expect(loaded.forecasts.cities.values.first?.columns[.pm2_5]?.first == 12.3)
        // A file that does not read is no forecast, and says why.
        try Data("{\"version\":1,\"cities\":{\"x\":{\"hours\":{\"smog\":[]}}}}".utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(store.load().forecasts == KeptForecasts())
        #expect(store.load().problem?.contains("unknown pollutant 'smog'") == true)
    }
}
