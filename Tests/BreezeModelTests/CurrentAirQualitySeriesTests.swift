import BreezeModel
import Testing

/// The one-pass series must give, hour by hour, exactly what `CurrentAirQuality` gives alone.
/// Property-style: seeded random series like the fixture server's (episodes, gaps, hostile
/// values, short and absent columns) compared at every hour, and counts that the cases which
/// matter — O₃'s 1-hour override, SO₂'s 24-hour table, undetermined, beyond the AQI, the
/// fallback — were really reached.
struct CurrentAirQualitySeriesTests {
    /// SplitMix64: a fixed seed gives the same series on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Per pollutant, µg/m³ levels an episode holds around: clean, moderate, high, extreme
    /// (beyond each table's top: PM2.5 325.4, PM10 604, 8-hour O₃ 0.200 ppm = 392.6, 1-hour O₃
    /// 0.604 ppm = 1185.8, CO 50.4 ppm = 57,738, NO₂ 2049 ppb = 3855.8, 1-hour SO₂ 304 ppb =
    /// 796.6 and 24-hour SO₂ 1004 ppb = 2631).
    static let levels: [Pollutant: [Double]] = [
        .pm2_5: [5, 35.5, 150, 400], .pm10: [20, 154, 400, 700],
        .o3: [60, 245.4, 400, 900], .co: [500, 10_000, 40_000, 70_000],
        .no2: [20, 190, 1200, 4000], .so2: [10, 400, 850, 2800],
    ]
    static let hostile: [Double] = [.nan, -1, .infinity, 1e300, -Double.infinity]

    /// One column of `hours`: episodes that switch level now and then, values scattered around
    /// the level (mostly Open-Meteo's one decimal, sometimes a raw binary number, sometimes an
    /// exact breakpoint), missing and hostile hours.
    static func column(_ pollutant: Pollutant, hours: Int, using random: inout SeededGenerator) -> [Double?] {
        let levels = Self.levels[pollutant]!
        var level = levels[0]
        return (0..<hours).map { _ in
            if Double.random(in: 0..<1, using: &random) < 0.08 { level = levels.randomElement(using: &random)! }
            let draw = Double.random(in: 0..<1, using: &random)
            if draw < 0.08 { return nil }
            if draw < 0.10 { return Self.hostile.randomElement(using: &random)! }
            if draw < 0.13 { return level }
            let value = level * Double.random(in: 0.6...1.4, using: &random)
            return draw < 0.35 ? value : (value * 10).rounded() / 10
        }
    }

    /// A series of `hours`: every pollutant usually, now and then one absent or cut short.
    static func series(seed: UInt64, hours: Int) -> HourlyConcentrations {
        var random = SeededGenerator(state: seed)
        var columns: [Pollutant: [Double?]] = [:]
        for pollutant in Pollutant.allCases {
            let shape = Int.random(in: 0..<10, using: &random)
            if shape == 0 { continue }
            let length = shape == 1 ? Int.random(in: 0..<hours, using: &random) : hours
            columns[pollutant] = Self.column(pollutant, hours: length, using: &random)
        }
        return HourlyConcentrations(columns)
    }

    /// Every hour of 40 series of 10 days: outcome and concentrations equal to `CurrentAirQuality`.
    @Test func everyHourEqualsCurrentAirQuality() {
        var seen: [String: Int] = [:]
        for seed in UInt64(1)...40 {
            let series = Self.series(seed: seed, hours: 240)
            let all = CurrentAirQualitySeries(series)
            #expect(all.count == series.hourCount)
            for hour in all.indices {
                let alone = CurrentAirQuality(hour: hour, in: series)
                #expect(all[hour] == alone.index.outcome, "seed \(seed), hour \(hour)")
                #expect(all.pollutants == alone.pollutants.map(\.pollutant))
                for pollutant in Pollutant.allCases {
                    #expect(
                        all.concentration(of: pollutant, at: hour) == alone.average(of: pollutant)?.concentration,
                        "seed \(seed), hour \(hour), \(pollutant)")
                }
                for key in alone.index.subIndices.map(\.key) { seen["rated \(key)", default: 0] += 1 }
                seen[Self.kind(alone.index.outcome), default: 0] += 1
            }
        }
        // The cases that matter were reached, not only the easy ones.
        for kind in [
            "index o3_1h", "index so2_24h", "index pm2_5", "index pm10", "index o3", "index co", "index no2",
            "index so2", "undetermined o3", "undetermined so2", "beyond", "noIndex", "rated o3_1h",
            "rated so2_24h",
        ] {
            #expect(seen[kind, default: 0] > 0, "never reached: \(kind)")
        }
    }

    static func kind(_ outcome: AirQualityIndex.Outcome) -> String {
        switch outcome {
        case .index(_, let key): "index \(key)"
        case .beyondTheAQI: "beyond"
        case .undetermined(let key): "undetermined \(key)"
        case .noIndex: "noIndex"
        }
    }

    /// Averages whose binary sums land a hair off the decimal: eight hours of 35.9 µg/m³ O₃ or
    /// twelve of 35.9 PM2.5 must rate as 35.9, as each hour alone does.
    @Test func averagesRoundLikeTheHourAlone() {
        let series = HourlyConcentrations([
            .pm2_5: Array(repeating: 35.9, count: 30), .o3: Array(repeating: 35.9, count: 30),
            .co: (0..<30).map { 0.1 * Double($0 % 7) + 1144.9 },
        ])
        let all = CurrentAirQualitySeries(series)
        for hour in all.indices {
            let alone = CurrentAirQuality(hour: hour, in: series)
            #expect(all[hour] == alone.index.outcome)
            #expect(all.concentration(of: .co, at: hour) == alone.average(of: .co)?.concentration)
        }
        #expect(all.concentration(of: .pm2_5, at: 29) == Concentration(ExactDecimal("35.9")!, .microgramsPerCubicMetre))
        #expect(all[29] == .index(102, dominant: .pm2_5))
    }

    /// The series spans its longest column; a shorter one lacks the hours past its end, and
    /// asking outside the series or for a pollutant without a column gives nothing.
    @Test func spanAndAbsentValues() {
        let series = HourlyConcentrations([.pm2_5: [20, 20, 20], .no2: Array(repeating: 40, count: 6)])
        let all = CurrentAirQualitySeries(series)
        #expect(all.count == 6)
        #expect(all.pollutants == [.pm2_5, .no2])
        #expect(all.concentration(of: .pm2_5, at: 2) != nil)
        #expect(all.concentration(of: .pm2_5, at: 4) == nil)  // 1 of its 3 newest hours
        #expect(all.concentration(of: .o3, at: 2) == nil)
        for hour in [-1, 6, Int.min, Int.max] { #expect(all.concentration(of: .no2, at: hour) == nil) }
        #expect(all[5] == .index(CurrentAirQuality(hour: 5, in: series).index.aqi!, dominant: .no2))

        let empty = CurrentAirQualitySeries(HourlyConcentrations([:]))
        #expect(empty.isEmpty)
        #expect(CurrentAirQualitySeries(HourlyConcentrations([.co: []])).isEmpty)
    }
}
