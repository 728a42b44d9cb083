import Foundation
import Testing

@testable import BreezeModel

/// The fast ratings (`HourGrid`, `HourRating`, `LeadingHours`) against `ReferenceRating`, the
/// straightforward code they replaced: the same AQI, band, dominant pollutant, averages and
/// outcome (rated, incomplete with the same missing list, beyond the horizon, not a local day)
/// on random and hostile series — nulls, gaps, 1e300, NaN, values at breakpoint edges, each
/// pollutant alone, columns missing or short, every day length a clock change gives.
struct RatingEquivalenceTests {
    typealias Generator = CurrentAirQualitySeriesTests.SeededGenerator

    /// µg/m³ at or around table edges: PM2.5 9.0/9.05/35.45/35.5…, PM10 54/54.5/55…, and
    /// values whose conversion lands on an O₃, CO, NO₂ or SO₂ step (0.125 ppm O₃ = 245.4, 304
    /// and 305 ppb SO₂ = 796.6/799.2, 1004 ppb = 2631).
    static let edges: [Double] = [
        0, 9.0, 9.05, 9.1, 12.05, 35.4, 35.45, 35.5, 35.9, 55.4, 55.45, 55.5, 125.4, 125.5, 225.4, 225.5, 325.4, 325.5,
        54, 54.5, 55, 154, 154.5, 155, 254, 424, 425, 604, 604.5, 605, 245.4, 245.5, 392.6, 392.7, 1185.8, 1186,
        796.6, 796.7, 799.2, 2631, 2632, 3855.8, 3856, 57_738, 57_740, 1e9, 999_999_999.9,
    ]
    static let hostile: [Double] = [.nan, -1, -0.0, .infinity, 1e300, -Double.infinity, 1e9 + 1, .leastNonzeroMagnitude]

    /// A series of `hours` whose hours are missing with probability `gaps`: level episodes as
    /// `CurrentAirQualitySeriesTests` draws them, edges and hostile values among them; now and
    /// then a pollutant absent or cut short, or alone.
    static func series(seed: UInt64, hours: Int, gaps: Double) -> HourlyConcentrations {
        var random = Generator(state: seed)
        let alone = Int.random(in: 0..<8, using: &random) == 0 ? Pollutant.allCases.randomElement(using: &random) : nil
        var columns: [Pollutant: [Double?]] = [:]
        for pollutant in Pollutant.allCases {
            if let alone, pollutant != alone { continue }
            let shape = Int.random(in: 0..<12, using: &random)
            if shape == 0 && alone == nil { continue }
            let length = shape == 1 ? Int.random(in: 0..<hours, using: &random) : hours
            let levels = CurrentAirQualitySeriesTests.levels[pollutant]!
            var level = levels[0]
            columns[pollutant] = (0..<length).map { _ in
                if Double.random(in: 0..<1, using: &random) < 0.06 { level = levels.randomElement(using: &random)! }
                let draw = Double.random(in: 0..<1, using: &random)
                if draw < gaps { return nil }
                if draw < gaps + 0.005 { return hostile.randomElement(using: &random)! }
                if draw < gaps + 0.05 { return edges.randomElement(using: &random)! }
                let value = level * Double.random(in: 0.6...1.4, using: &random)
                return draw < 0.3 ? value : (value * 10).rounded() / 10
            }
        }
        return HourlyConcentrations(columns)
    }

    static var allSeries: [HourlyConcentrations] {
        (UInt64(1)...10).map { series(seed: $0, hours: 192, gaps: 0.004) }
            + (UInt64(11)...14).map { series(seed: $0, hours: 100, gaps: 0.08) }
            + [CurrentAirQualitySeriesTests.series(seed: 99, hours: 120), HourlyConcentrations([:]),
               HourlyConcentrations([.so2: Array(repeating: 800, count: 40) + Array(repeating: nil, count: 10)]),
               HourlyConcentrations([.o3: Array(repeating: 245.4, count: 60), .co: []])]
    }

    static let oddHours = [Int.min, Int.min + 5, -1_000, Int.max - 5, Int.max]

    @Test func everyHourEqualsTheReference() {
        var outcomes: Set<String> = []
        for (number, series) in Self.allSeries.enumerated() {
            for hour in Array(-3..<(series.hourCount + 26)) + Self.oddHours {
                let fast = CurrentAirQuality(hour: hour, in: series)
                let reference = ReferenceRating.currentAirQuality(hour: hour, in: series)
                #expect(fast.pollutants == reference.pollutants, "series \(number), hour \(hour)")
                #expect(fast.index == reference.index, "series \(number), hour \(hour)")
                outcomes.insert(CurrentAirQualitySeriesTests.kind(reference.index.outcome))
            }
        }
        for kind in ["index o3_1h", "index so2_24h", "index pm2_5", "undetermined so2", "beyond", "noIndex"] {
            #expect(outcomes.contains(kind), "never reached: \(kind)")
        }
    }

    @Test func everyDayEqualsTheReference() {
        var kinds: [String: Int] = [:]
        let thresholds = [0, 51, 101, 151, 201, 301, 500, 501]
        for (number, series) in Self.allSeries.enumerated() {
            let count = series.hourCount
            var days: [Range<Int>] = [Int.min..<(Int.min + 24), (Int.max - 24)..<Int.max, Int.min..<Int.max, 5..<5, -24..<0]
            for start in -30..<(count + 5) {
                for length in 22...26 where length != 22 && length != 26 || start % 17 == 0 { days.append(start..<(start + length)) }
            }
            for (position, day) in days.enumerated() {
                let threshold = thresholds[position % thresholds.count]
                let fast = ForecastDay(hours: day, in: series, threshold: threshold)
                let reference = ReferenceRating.forecastDay(hours: day, in: series, threshold: threshold)
                #expect(ReferenceRating.outcome(fast) == reference, "series \(number), day \(day), threshold \(threshold)")
                #expect(fast.hours == day)
                kinds[Self.kind(reference), default: 0] += 1
            }
        }
        for kind in ["rated", "rated above", "rated without", "incomplete", "beyond", "not a day"] {
            #expect(kinds[kind, default: 0] > 0, "never reached: \(kind) (\(kinds))")
        }
    }

    static func kind(_ outcome: ReferenceRating.DayOutcome) -> String {
        switch outcome {
        case .rated(_, _, _, let above, let without): without > 0 ? "rated without" : above > 0 ? "rated above" : "rated"
        case .incomplete: "incomplete"
        case .beyondTheForecastHorizon: "beyond"
        case .notALocalDay: "not a day"
        }
    }

    /// Local days around clock changes and in a 45-minute zone, laid on an hourly grid as
    /// `ForecastSeries.hours(of:in:)` lays them (first hour at or after local midnight).
    @Test func clockChangeAndOddOffsetDaysEqualTheReference() throws {
        let series = Self.series(seed: 7, hours: 192, gaps: 0.002)
        var lengths: Set<Int> = []
        for (zone, start) in [("Europe/Paris", "2026-03-26"), ("Europe/Paris", "2026-10-22"), ("Asia/Kathmandu", "2026-06-01")] {
            let timeZone = try #require(TimeZone(identifier: zone))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = start.split(separator: "-").map { Int($0)! }
            let firstDay = try #require(calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])))
            // The grid starts at a whole UTC hour a little before the first local midnight.
            let firstHour = (firstDay.timeIntervalSince1970 / 3600).rounded(.down) * 3600 - 5 * 3600
            for offset in 0..<7 {
                let midnight = try #require(calendar.date(byAdding: .day, value: offset, to: firstDay))
                let next = try #require(calendar.date(byAdding: .day, value: 1, to: midnight))
                let lower = Int(((midnight.timeIntervalSince1970 - firstHour) / 3600).rounded(.up))
                let upper = Int(((next.timeIntervalSince1970 - firstHour) / 3600).rounded(.up))
                lengths.insert(upper - lower)
                for threshold in [51, 101] {
                    let fast = ForecastDay(hours: lower..<upper, in: series, threshold: threshold)
                    #expect(
                        ReferenceRating.outcome(fast)
                            == ReferenceRating.forecastDay(hours: lower..<upper, in: series, threshold: threshold),
                        "\(zone) day \(offset)")
                }
            }
        }
        #expect(lengths == [23, 24, 25])
    }

    /// Some hours of a series rated alone give what the whole series gives at those hours.
    @Test func someHoursEqualTheWholeSeries() {
        for series in Self.allSeries {
            let whole = CurrentAirQualitySeries(series)
            let count = series.hourCount
            for hours in [0..<count, 10..<58, (count - 48)..<count, -5..<3, (count - 2)..<(count + 30), 50..<50] {
                let some = CurrentAirQualitySeries(series, hours: hours)
                #expect(some.indices == hours.clamped(to: 0..<count))
                for hour in some.indices {
                    #expect(some[hour] == whole[hour])
                    for pollutant in Pollutant.allCases {
                        #expect(some.concentration(of: pollutant, at: hour) == whole.concentration(of: pollutant, at: hour))
                    }
                }
                #expect(some.concentration(of: .pm2_5, at: hours.lowerBound - 1) == nil)
            }
        }
    }
}
