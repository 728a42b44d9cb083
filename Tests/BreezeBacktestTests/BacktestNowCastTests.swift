import BreezeAlerts
import BreezeBacktest
import BreezeConfig
import BreezeModel
import BreezeVocabulary
import Testing

/// `--source nowcast` against `open-meteo` on a smoke onset: PM2.5 jumps from 5 to 150 µg/m³
/// within an hour and stays a day; Open-Meteo's us_aqi rates the 24-hour mean, NowCast the
/// last 12 hours weighted. Every expected instant comes from the model's own per-hour answer
/// (`CurrentAirQuality(hour:in:)`) or the 24-hour mean, not from a figure written here.
struct BacktestNowCastTests {
    static let clean = 5.0
    static let smoke = 150.0
    /// Hours: a clean day, a day of smoke, a day and a half clean again.
    static let pm25 = Array(repeating: clean, count: 24) + Array(repeating: smoke, count: 24)
        + Array(repeating: clean, count: 36)

    /// Open-Meteo's us_aqi of PM2.5: the AQI of the mean of the last 24 hours (those given).
    static func dailyMeanAQI(endingAt hour: Int) throws -> Int {
        let window = pm25[max(0, hour - 23)...hour]
        let mean = window.reduce(0, +) / Double(window.count)
        let concentration = try #require(Concentration(microgramsPerCubicMetre: (mean * 10).rounded(.down) / 10))
        guard case .index(let aqi) = try SubIndex(key: .pm2_5, concentration: concentration).outcome else {
            throw Failure.offTheScale
        }
        return aqi
    }

    enum Failure: Error { case offTheScale }

    static func history() throws -> [HistoryHour] {
        try pm25.indices.map { hour in
            HistoryHour(
                start: HistoryBuilder.hour(hour), aqi: Double(try dailyMeanAQI(endingAt: hour)),
                concentrations: [.pm2_5: pm25[hour]])
        }
    }

    /// The first hour from `from` whose AQI by `rate` reaches (`above`) or falls below `limit`.
    static func firstHour(from: Int = 0, _ rate: (Int) throws -> Int, reaches limit: Int, above: Bool = true) rethrows -> Int? {
        try (from..<pm25.count).first { above ? try rate($0) >= limit : try rate($0) < limit }
    }

    @Test func nowcastFiresAndResolvesBeforeOpenMeteoOnASmokeOnset() throws {
        let settings = AlertSettings(threshold: .aqi(151), confirmAfter: 2)
        let subject = HistoryBuilder.subject(settings)
        let rule = subject.rule
        let history = try Self.history()
        let nowcast = Backtest.replay(history, for: subject, source: .nowcast)
        let openMeteo = Backtest.replay(history, for: subject, source: .openMeteo)
        #expect(nowcast.source == "nowcast" && openMeteo.source == "open-meteo")
        #expect(nowcast.result.polls == openMeteo.result.polls)

        // The model's answer for each hour, computed hour by hour (not by the series).
        let series = HourlyConcentrations([.pm2_5: Self.pm25.map(Optional.some)])
        func nowcastAQI(_ hour: Int) -> Int {
            guard case .index(let aqi, _) = CurrentAirQuality(hour: hour, in: series).index.outcome else { return 0 }
            return aqi
        }
        let interval = subject.pollInterval
        let nowcastBreach = try #require(Self.firstHour(nowcastAQI, reaches: rule.threshold))
        let openMeteoBreach = try #require(try Self.firstHour(Self.dailyMeanAQI, reaches: rule.threshold))
        let resolveBelow = rule.threshold - rule.hysteresis
        let nowcastClear = try #require(Self.firstHour(from: nowcastBreach, nowcastAQI, reaches: resolveBelow, above: false))
        let openMeteoClear = try #require(
            try Self.firstHour(from: openMeteoBreach, Self.dailyMeanAQI, reaches: resolveBelow, above: false))

        let nowcastEpisode = try #require(nowcast.result.episodes.first)
        let openMeteoEpisode = try #require(openMeteo.result.episodes.first)
        #expect(nowcast.result.episodes.count == 1 && openMeteo.result.episodes.count == 1)
        #expect(nowcastEpisode.firedAt == HistoryBuilder.poll(rule.confirmAfter, fromHour: nowcastBreach, interval: interval))
        #expect(openMeteoEpisode.firedAt == HistoryBuilder.poll(rule.confirmAfter, fromHour: openMeteoBreach, interval: interval))
        #expect(nowcastEpisode.resolvedAt == HistoryBuilder.poll(rule.confirmAfter, fromHour: nowcastClear, interval: interval))
        #expect(openMeteoEpisode.resolvedAt == HistoryBuilder.poll(rule.confirmAfter, fromHour: openMeteoClear, interval: interval))

        let comparison = BacktestComparison(first: nowcast, second: openMeteo)
        let pair = try #require(comparison.pairs.first)
        #expect(comparison.pairs.count == 1 && comparison.onlyFirst == 0 && comparison.onlySecond == 0)
        #expect(pair.firedSooner == .seconds((openMeteoBreach - nowcastBreach) * 3600))
        #expect(pair.firedSooner > .zero)
        #expect(try #require(pair.resolvedSooner) > .zero)
        // The hours the model cannot rate (the first: one of its last three hours) fall back.
        let unrated = Self.pm25.indices.filter { CurrentAirQuality(hour: $0, in: series).needsFallback }
        #expect(!unrated.isEmpty && nowcast.fallbackHours == unrated.count && openMeteo.fallbackHours == 0)
    }

    @Test func hoursWithoutANowCastFallBackToOpenMeteoAndAreCounted() throws {
        // Concentrations only every third hour: NowCast needs two of the last three, so none
        // of these hours has one, and Open-Meteo's us_aqi (here 160) judges every hour.
        var history: [HistoryHour] = []
        for hour in 0..<24 {
            history.append(
                HistoryHour(
                    start: HistoryBuilder.hour(hour), aqi: 160,
                    concentrations: hour % 3 == 0 ? [.pm2_5: 5] : [:]))
        }
        let subject = HistoryBuilder.subject(AlertSettings(threshold: .aqi(151)))
        let nowcast = Backtest.replay(history, for: subject, source: .nowcast)
        let openMeteo = Backtest.replay(history, for: subject, source: .openMeteo)
        #expect(nowcast.fallbackHours == history.count)
        #expect(nowcast.result.episodes == openMeteo.result.episodes)
        #expect(nowcast.result.episodes.count == 1)
    }

    @Test func aHostileConcentrationHasNoNowCastAndFiresNothing() {
        let hostile: [Double] = [.nan, -1, .infinity, 1e300]
        let history = (0..<24).map { hour in
            HistoryHour(start: HistoryBuilder.hour(hour), aqi: 20, concentrations: [.pm2_5: hostile[hour % hostile.count]])
        }
        let replay = Backtest.replay(history, for: HistoryBuilder.subject(AlertSettings(threshold: .aqi(101))), source: .nowcast)
        #expect(replay.result.episodes.isEmpty)
        #expect(replay.fallbackHours == history.count)
    }
}
