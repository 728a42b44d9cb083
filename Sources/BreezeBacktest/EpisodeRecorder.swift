import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// Turns a replay's evaluations into episodes and counts. Episodes begin and end with the
/// state machine's `firing` flag, not its events, so a rule with `SendResolved=no` still ends
/// them where they resolved.
struct EpisodeRecorder {
    var result: CityBacktest
    private var current: BacktestEpisode?

    init(result: CityBacktest) { self.result = result }

    mutating func record(
        _ evaluation: AlertEvaluation, at now: Instant, aqi: Int?, wasFiring: Bool, isFiring: Bool
    ) {
        if evaluation.becameStale { result.staleSpells += 1 }
        for event in evaluation.events {
            switch event.kind {
            case .firing:
                result.events.firing += 1
                current = BacktestEpisode(firedAt: now, firedAQI: event.aqi, firedBand: event.band)
            case .escalated:
                result.events.escalated += 1
                if let band = event.band {
                    current?.escalations.append(BacktestEscalation(at: now, aqi: event.aqi, band: band))
                }
            case .reminder:
                result.events.reminder += 1
                current?.reminders += 1
            case .resolved:
                result.events.resolved += 1
            case .test, .forecast, .forecastCleared, .digest:
                // The current-air state machine never makes these; forecasts are not replayed.
                break
            }
        }
        if isFiring, let aqi, var episode = current {
            episode.peakAQI = max(episode.peakAQI ?? aqi, aqi)
            current = episode
        }
        if wasFiring, !isFiring, var episode = current {
            episode.resolvedAt = now
            close(&episode, at: now)
        }
    }

    /// Ends the replay at `end`: a firing episode stays open, lasting until then.
    mutating func finish(at end: Instant, receivers: [String]) {
        if var episode = current { close(&episode, at: end) }
        var counts: [ReceiverNotifications] = []
        for receiver in receivers {
            if let index = counts.firstIndex(where: { $0.receiver == receiver }) {
                // Listed twice, routed twice: the daemon delivers each event per listed receiver.
                counts[index].notifications += result.events.total
            } else {
                counts.append(ReceiverNotifications(receiver: receiver, notifications: result.events.total))
            }
        }
        result.notifications = counts
    }

    private mutating func close(_ episode: inout BacktestEpisode, at end: Instant) {
        episode.endedAt = end
        episode.isShort = episode.resolvedAt != nil && episode.duration <= result.shortEpisodeLimit
        result.timeFiring += episode.duration
        result.episodes.append(episode)
        current = nil
    }
}
