import BreezeAlerts
import BreezeBacktest
import BreezeConfig
import BreezeModel
import BreezeVocabulary
import Testing

struct BacktestEpisodeTests {
    let interval: Duration = .seconds(600)
    var pollsPerHour: Int { Int(3600 / interval.seconds) }

    /// Two clear episodes (the second escalating) and, between them, a period flapping around
    /// the threshold: above it one hour, just under it the next.
    func history(flappingHours: Int) -> (HistoryBuilder, first: Range<Int>, flapping: Range<Int>, second: Range<Int>) {
        var builder = HistoryBuilder()
        builder.add(40, hours: 10)
        let first = builder.next..<builder.next + 10
        builder.add(160, hours: 10)
        builder.add(40, hours: 10)
        let flapping = builder.next..<builder.next + flappingHours
        for index in 0..<flappingHours { builder.add(index.isMultiple(of: 2) ? 105 : 95) }
        builder.add(40, hours: 10)
        let second = builder.next..<builder.next + 8
        builder.add(160, hours: 2)
        builder.add(220, hours: 6)
        builder.add(40, hours: 10)
        return (builder, first, flapping, second)
    }

    @Test func episodesFollowFromTheRule() throws {
        let settings = AlertSettings(threshold: .band(.unhealthyForSensitiveGroups), hysteresis: 10, confirmAfter: 2)
        let (builder, first, flapping, second) = history(flappingHours: 12)
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(settings, interval: interval))
        let confirm = settings.confirmAfter
        // 95 stays above the clear level (101 - 1 - 10): the flapping period is one episode.
        #expect(95 > AlertRule(settings).clearLevel)
        try #require(result.episodes.count == 3)
        let (one, flap, two) = (result.episodes[0], result.episodes[1], result.episodes[2])
        #expect(one.firedAt == HistoryBuilder.poll(confirm, fromHour: first.lowerBound, interval: interval))
        #expect(one.resolvedAt == HistoryBuilder.poll(confirm, fromHour: first.upperBound, interval: interval))
        #expect(one.firedBand == .unhealthy && one.peakAQI == 160 && one.escalations.isEmpty)
        #expect(flap.firedAt == HistoryBuilder.poll(confirm, fromHour: flapping.lowerBound, interval: interval))
        #expect(flap.resolvedAt == HistoryBuilder.poll(confirm, fromHour: flapping.upperBound, interval: interval))
        #expect(flap.peakAQI == 105 && flap.peakBand == .unhealthyForSensitiveGroups)
        #expect(two.firedBand == .unhealthy)
        let escalation = try #require(two.escalations.first)
        #expect(two.escalations.count == 1)
        #expect(escalation.band == .veryUnhealthy && escalation.aqi == 220)
        #expect(escalation.at == HistoryBuilder.poll(confirm, fromHour: second.lowerBound + 2, interval: interval))
        #expect(two.peakAQI == 220 && two.peakBand == .veryUnhealthy)
        #expect(result.peakBand == .veryUnhealthy)
        #expect(result.events.firing == 3 && result.events.escalated == 1 && result.events.resolved == 3)
        #expect(result.notifications == [ReceiverNotifications(receiver: "ops", notifications: 7)])
        #expect(result.timeFiring == one.duration + flap.duration + two.duration)
        #expect(result.shortEpisodes == 0)
        #expect(result.polls == builder.hours.count * pollsPerHour)
        #expect(result.missingHours == 0 && !result.stillFiring)
    }

    @Test func withoutHysteresisTheFlappingPeriodIsManyShortEpisodes() throws {
        let flappingHours = 12
        let settings = AlertSettings(threshold: .aqi(101), hysteresis: 0, confirmAfter: 2)
        // Each hour above fires, each hour under (95 ≤ the clear level 100) resolves.
        #expect(AlertRule(settings).clearLevel >= 95)
        let (builder, _, flapping, _) = history(flappingHours: flappingHours)
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(settings, interval: interval))
        #expect(result.episodes.count == 2 + flappingHours / 2)
        let flaps = result.episodes.dropFirst().prefix(flappingHours / 2)
        for (number, episode) in flaps.enumerated() {
            let hour = flapping.lowerBound + 2 * number
            #expect(episode.firedAt == HistoryBuilder.poll(settings.confirmAfter, fromHour: hour, interval: interval))
            #expect(episode.resolvedAt == HistoryBuilder.poll(settings.confirmAfter, fromHour: hour + 1, interval: interval))
            #expect(episode.duration == .seconds(3600) && episode.isShort)
        }
        #expect(result.shortEpisodeLimit == max(.seconds(3600), interval * (2 * settings.confirmAfter)))
        #expect(result.shortEpisodes == flappingHours / 2)
        #expect(!result.episodes[0].isShort && !result.episodes.last!.isShort)
        // Polled hourly with ConfirmAfter=2, the shortest episode is two hours: four or less is short.
        let hourly = Backtest.replay(
            builder.hours,
            for: HistoryBuilder.subject(
                AlertSettings(threshold: .aqi(101), hysteresis: 0, confirmAfter: 2), interval: .seconds(3600)))
        #expect(hourly.shortEpisodeLimit == .seconds(4 * 3600))
        #expect(hourly.episodes.allSatisfy { $0.isShort == ($0.duration <= hourly.shortEpisodeLimit) })
        #expect(hourly.episodes.allSatisfy { !$0.isShort })
    }

    @Test func aOneHourBreachFiresOnlyWhenConfirmAfterFitsInIt() {
        var builder = HistoryBuilder()
        builder.add(40, hours: 3)
        builder.add(160)
        builder.add(40, hours: 3)
        for confirmAfter in [1, 2, pollsPerHour, pollsPerHour + 1] {
            let settings = AlertSettings(threshold: .aqi(101), confirmAfter: confirmAfter)
            let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(settings, interval: interval))
            #expect(result.episodes.count == (confirmAfter <= pollsPerHour ? 1 : 0), "ConfirmAfter=\(confirmAfter)")
            if let episode = result.episodes.first {
                #expect(episode.firedAt == HistoryBuilder.poll(confirmAfter, fromHour: 3, interval: interval))
                #expect(episode.resolvedAt == HistoryBuilder.poll(confirmAfter, fromHour: 4, interval: interval))
                #expect(episode.isShort)  // an hour, however many polls it took
            }
        }
        // Polled hourly, the same hour is one reading: ConfirmAfter=2 never fires on it.
        let hourly = Backtest.replay(
            builder.hours,
            for: HistoryBuilder.subject(AlertSettings(threshold: .aqi(101), confirmAfter: 2), interval: .seconds(3600)))
        #expect(hourly.episodes.isEmpty && hourly.polls == builder.hours.count)
    }

    @Test func aHistoryEndingWhileFiringReportsStillFiring() throws {
        var builder = HistoryBuilder()
        builder.add(40, hours: 5)
        builder.add(180, hours: 4)
        let settings = AlertSettings(threshold: .aqi(101), confirmAfter: 3)
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(settings, interval: interval))
        let episode = try #require(result.episodes.first)
        #expect(result.episodes.count == 1 && result.stillFiring && episode.isStillFiring)
        #expect(episode.resolvedAt == nil)
        #expect(episode.endedAt == HistoryBuilder.hour(builder.hours.count))
        #expect(result.timeFiring == HistoryBuilder.hour(builder.hours.count) - HistoryBuilder.poll(3, fromHour: 5, interval: interval))
        #expect(!episode.isShort)
        #expect(result.events.resolved == 0)
    }

    @Test func sendResolvedNoStillEndsTheEpisodeButSendsNothing() throws {
        var builder = HistoryBuilder()
        builder.add(160, hours: 2)
        builder.add(40, hours: 2)
        let settings = AlertSettings(threshold: .aqi(101), confirmAfter: 2, sendResolved: false)
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(settings, interval: interval))
        let episode = try #require(result.episodes.first)
        #expect(episode.resolvedAt == HistoryBuilder.poll(2, fromHour: 2, interval: interval))
        #expect(result.events.resolved == 0 && result.events.total == 1)
    }
}
