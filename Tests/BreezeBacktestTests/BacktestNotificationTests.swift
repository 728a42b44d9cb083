import BreezeAlerts
import BreezeBacktest
import BreezeConfig
import BreezeModel
import BreezeVocabulary
import Testing

struct BacktestNotificationTests {
    let interval: Duration = .seconds(600)

    @Test func repeatEveryAddsRemindersCountedPerReceiver() throws {
        var builder = HistoryBuilder()
        builder.add(40, hours: 2)
        builder.add(170, hours: 9)
        builder.add(40, hours: 3)
        let repeatEvery: Duration = .seconds(2 * 3600)
        let base = AlertSettings(threshold: .aqi(101), confirmAfter: 2)
        var repeating = base
        repeating.repeatEvery = repeatEvery
        let receivers = ["ops", "pager"]
        let quiet = Backtest.replay(builder.hours, for: HistoryBuilder.subject(base, receivers: receivers))
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(repeating, receivers: receivers))
        let episode = try #require(result.episodes.first)
        let resolvedAt = try #require(episode.resolvedAt)
        // A reminder at every multiple of RepeatEvery after the firing that comes before the resolve.
        var expected = 0
        while episode.firedAt + repeatEvery * (expected + 1) < resolvedAt { expected += 1 }
        #expect(expected > 0)
        #expect(episode.reminders == expected && result.events.reminder == expected)
        #expect(quiet.events.reminder == 0)
        let perReceiver = 1 + expected + 1
        #expect(result.notifications == receivers.map { ReceiverNotifications(receiver: $0, notifications: perReceiver) })
        #expect(quiet.notifications.map(\.notifications) == [2, 2])
        // No receivers (an empty Notify=): the events still happen, nobody is told.
        let nobody = Backtest.replay(builder.hours, for: HistoryBuilder.subject(repeating, receivers: []))
        #expect(nobody.notifications.isEmpty && nobody.events.total == perReceiver)
    }

    @Test func missingHoursNeitherFireNorResolve() throws {
        let settings = AlertSettings(threshold: .aqi(101), confirmAfter: 8)
        var builder = HistoryBuilder()
        builder.add(40, hours: 2)
        builder.add(160)  // six polls of eight: not yet
        builder.add(nil, hours: 2)  // present, null
        builder.skip(hours: 2)  // absent
        let breachAgain = builder.next
        builder.add(160, hours: 3)
        builder.add(.nan, hours: 4, concentrations: [.pm2_5: -3])  // values that are not data
        builder.add(160, hours: 2)
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(settings, interval: interval))
        #expect(result.missingHours == 4 + 4)
        #expect(result.rejectedHours == 0)
        #expect(result.droppedValues == 4 * 2)
        let episode = try #require(result.episodes.first)
        #expect(result.episodes.count == 1)
        // The streak carried over the missing hours: the 7th and 8th breaching polls come in the
        // next breaching hour, not eight polls after it began.
        #expect(episode.firedAt == HistoryBuilder.poll(8 - 6, fromHour: breachAgain, interval: interval))
        // Four hours without data did not resolve it: still firing, through the gap, to the end.
        #expect(episode.isStillFiring)
        #expect(result.timeFiring == HistoryBuilder.hour(builder.next) - episode.firedAt)
        #expect(result.staleSpells == 2)  // the null hours, then the NaN ones
    }

    @Test func aHistoryWithoutDataNeverFires() {
        var builder = HistoryBuilder()
        builder.add(nil, hours: 48)
        let result = Backtest.replay(builder.hours, for: HistoryBuilder.subject(AlertSettings(threshold: .aqi(0), confirmAfter: 1)))
        #expect(result.episodes.isEmpty && result.missingHours == 48 && result.polls == 48 * 6)
        #expect(result.staleSpells == 1)
        let empty = Backtest.replay([], for: HistoryBuilder.subject(AlertSettings()))
        #expect(empty.polls == 0 && empty.episodes.isEmpty && empty.span.hours == 0)
    }

    @Test func anExplicitSpanCountsItsHoursWithoutEntriesAsMissing() {
        var builder = HistoryBuilder()
        builder.add(160, hours: 3)
        let span = HistorySpan(start: HistoryBuilder.hour(-2), hours: 7)
        let result = Backtest.replay(
            builder.hours, for: HistoryBuilder.subject(AlertSettings(threshold: .aqi(101))), span: span)
        #expect(result.missingHours == 4 && result.polls == 7 * 6)
        #expect(result.episodes.first?.firedAt == HistoryBuilder.poll(2, fromHour: 0, interval: interval))
        let shorter = Backtest.replay(
            builder.hours, for: HistoryBuilder.subject(AlertSettings(threshold: .aqi(101))),
            span: HistorySpan(start: HistoryBuilder.hour(1), hours: 1))
        #expect(shorter.rejectedHours == 2 && shorter.polls == 6)
    }
}
