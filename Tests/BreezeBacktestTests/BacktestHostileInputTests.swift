import BreezeAlerts
import BreezeBacktest
import BreezeConfig
import BreezeModel
import BreezeVocabulary
import Testing

struct BacktestHostileInputTests {
    static let hostileAQIs: [Double] = [.nan, -.infinity, .infinity, -5, -0.6, 1e300, -1e300, 500.6, 1e19, 10_000]

    @Test(arguments: hostileAQIs)
    func anAQIThatIsNotDataNeverTrapsNorFires(_ aqi: Double) {
        var builder = HistoryBuilder()
        builder.add(aqi, hours: 6)
        let settings = AlertSettings(threshold: .aqi(101), confirmAfter: 1)
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(settings))
        #expect(result.episodes.isEmpty && result.events.total == 0)
        #expect(result.missingHours == 6 && result.droppedValues == 6)
    }

    @Test func hostileAQIsDoNotResolveAFiringAlert() throws {
        var builder = HistoryBuilder()
        builder.add(200, hours: 2)
        for aqi in Self.hostileAQIs { builder.add(aqi) }
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(AlertSettings(threshold: .aqi(101))))
        let episode = try #require(result.episodes.first)
        #expect(result.episodes.count == 1 && episode.isStillFiring)
        #expect(episode.peakAQI == 200)
    }

    @Test func concentrationsThatAreNotDataNeverBreachALimit() {
        var builder = HistoryBuilder()
        for value in [Double.nan, -.infinity, .infinity, -1] { builder.add(nil, concentrations: [.pm2_5: value, .no2: value]) }
        let settings = AlertSettings(threshold: .aqi(101), confirmAfter: 1, pollutantLimits: [.pm2_5: 35, .no2: 200])
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(settings))
        #expect(result.episodes.isEmpty && result.missingHours == 4 && result.droppedValues == 8)
        // A concentration that is data over its limit does fire, without an AQI.
        var real = HistoryBuilder()
        real.add(nil, hours: 2, concentrations: [.pm2_5: 80])
        let fired = Backtest.replay(real.hours, for: HistoryBuilder.subject(settings))
        #expect(fired.episodes.count == 1 && fired.episodes.first?.firedAQI == nil)
        #expect(fired.episodes.first?.peakAQI == nil)
    }

    @Test func hostileTimesAreRejectedNotReplayed() {
        var builder = HistoryBuilder()
        builder.add(40, hours: 3)
        for seconds in [Double.nan, .infinity, -.infinity, 1e300, -1e300, -1] {
            builder.hours.append(HistoryHour(start: Instant(unixSeconds: seconds), aqi: 300))
        }
        // Out of order and repeated: placed by time, the first entry of an hour counts.
        builder.hours.insert(HistoryHour(start: HistoryBuilder.hour(1), aqi: 300), at: 0)
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(AlertSettings(threshold: .aqi(101))))
        #expect(result.span == HistorySpan(start: HistoryBuilder.hour(0), hours: 3))
        #expect(result.rejectedHours == 7)
        #expect(result.episodes.count == 1)  // hour 1 at 300: six polls, ConfirmAfter 2
        #expect(result.episodes.first?.firedAt == HistoryBuilder.poll(2, fromHour: 1, interval: .seconds(600)))
    }

    @Test func aSpanBetweenCenturiesIsBounded() {
        let history = [
            HistoryHour(start: Instant(unixSeconds: 0), aqi: 40),
            HistoryHour(start: Instant(unixSeconds: 253_402_300_000), aqi: 40),
        ]
        let span = HistorySpan.covering(history)
        #expect(span?.hours == HistorySpan.longestHours)
        #expect(HistorySpan(start: Instant(unixSeconds: .nan), hours: .max).hours == HistorySpan.longestHours)
        #expect(HistorySpan(start: HistoryBuilder.origin, hours: -3).hours == 0)
    }

    @Test(arguments: [Duration.zero, .seconds(-600), .nanoseconds(1)])
    func aPollIntervalBelowOneSecondCountsAsOne(_ interval: Duration) {
        var builder = HistoryBuilder()
        builder.add(40)
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(AlertSettings(), interval: interval))
        #expect(result.polls == 3600)
    }

    @Test func aHugeConfirmAfterOrIntervalDoesNotOverflow() {
        let rule = AlertRule(threshold: 101, confirmAfter: .max)
        #expect(Backtest.shortEpisodeLimit(rule: rule, interval: .seconds(Int64.max)) > .seconds(3600))
        var builder = HistoryBuilder()
        builder.add(300, hours: 3)
        let result = Backtest.replay(
            builder.hours, for: BacktestCity(city: HistoryBuilder.city, rule: rule, pollInterval: .seconds(Int64.max), receivers: []))
        #expect(result.polls == 1 && result.episodes.isEmpty)
    }
}
