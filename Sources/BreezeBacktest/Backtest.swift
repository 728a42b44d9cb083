import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// One city to replay: the place, the rule its `[Alert]` settings give (`AlertRule(settings)`,
/// as the daemon builds it), the configured `PollInterval`, and the receivers its events go to.
public struct BacktestCity: Sendable {
    public var city: City
    public var rule: AlertRule
    public var pollInterval: Duration
    /// Receiver names, as the daemon routes the city's events (`Notify=` resolved).
    public var receivers: [String]

    public init(city: City, rule: AlertRule, pollInterval: Duration, receivers: [String]) {
        self.city = city
        self.rule = rule
        self.pollInterval = pollInterval
        self.receivers = receivers
    }
}

/// `breezectl backtest`'s engine: replays an hourly history through the real alert state
/// machine, polling as the daemon would, and sends and writes nothing.
public enum Backtest {
    /// The shortest poll interval replayed: a shorter (or zero) one counts as this.
    public static let shortestPollInterval: Duration = .seconds(1)

    /// Replays `history` for `subject` over `span` (default: from its first hour to its last).
    /// A poll falls every `PollInterval` from the span's start and judges the hour containing
    /// it, so a 10-minute interval judges each hour six times, as the daemon sees it.
    public static func replay(
        _ history: [HistoryHour], for subject: BacktestCity, span: HistorySpan? = nil
    ) -> CityBacktest {
        let span = span ?? HistorySpan.covering(history) ?? HistorySpan(start: Instant(unixSeconds: 0), hours: 0)
        let interval = max(subject.pollInterval, shortestPollInterval)
        let hours = HourlyObservations(history, span: span)
        var replay = EpisodeRecorder(
            result: CityBacktest(
                city: subject.city, span: span,
                shortEpisodeLimit: shortEpisodeLimit(rule: subject.rule, interval: interval)))
        replay.result.missingHours = hours.missingHours
        replay.result.droppedValues = hours.droppedValues
        replay.result.rejectedHours = hours.rejectedHours
        replay.result.judgedAQI = JudgedAQI(hours.observations.lazy.map { $0?.aqi })

        let start = span.start.unixSeconds
        let end = span.end.unixSeconds
        let step = interval.seconds
        var state = CityAlertState()
        var poll = 0
        var now = start
        while now < end {
            let observation = hours.observations[Int((now - start) / HistorySpan.hourSeconds)]
            let wasFiring = state.firing
            let instant = Instant(unixSeconds: now)
            // The one call into the state machine.
            let evaluation = AlertStateMachine.evaluate(
                observation, city: subject.city, rule: subject.rule, state: state, now: instant)
            state = evaluation.state
            replay.record(
                evaluation, at: instant, aqi: observation?.aqi, wasFiring: wasFiring,
                isFiring: state.firing)
            poll += 1
            // Counted from the start, not summed, so no rounding drifts over 92 days.
            now = start + Double(poll) * step
        }
        replay.result.polls = poll
        replay.finish(at: span.end, receivers: subject.receivers)
        return replay.result
    }

    /// The longest episode that counts as flapping: twice the shortest episode `rule` allows
    /// (it resolves at the earliest `ConfirmAfter` polls after the one that fired), and at
    /// least an hour.
    public static func shortEpisodeLimit(rule: AlertRule, interval: Duration) -> Duration {
        // In seconds, clamped by `Duration(seconds:)`: a huge ConfirmAfter or interval cannot overflow.
        max(.seconds(3600), Duration(seconds: 2 * Double(rule.confirmAfter) * interval.seconds))
    }
}
