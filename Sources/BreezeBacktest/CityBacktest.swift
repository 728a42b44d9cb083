import BreezeModel
import BreezeVocabulary

/// What replaying one city's history through its rule gave.
public struct CityBacktest: Sendable, Equatable {
    public var city: City
    /// The hours replayed.
    public var span: HistorySpan
    /// The polls evaluated (one every `PollInterval` from the span's start).
    public var polls = 0
    /// The episodes, in order; the last may still be firing.
    public var episodes: [BacktestEpisode] = []
    /// The events raised, by kind.
    public var events = BacktestEventCounts()
    /// Per receiver of the city (in the order given), the notifications it would have got.
    public var notifications: [ReceiverNotifications] = []
    /// How long an alert was out, summed over the episodes (a still-firing one up to the end).
    public var timeFiring: Duration = .zero
    /// Episodes that resolve within this count as flapping: twice the shortest episode the
    /// rule allows (`ConfirmAfter` polls to resolve after the one that fired), and at least an
    /// hour — an hourly source cannot give less, so a breach of one hour is always short.
    public var shortEpisodeLimit: Duration
    /// Hours of the span without data (absent, null, or no value that is data).
    public var missingHours = 0
    /// Values dropped as not data (not a number, negative, beyond the AQI scale).
    public var droppedValues = 0
    /// History entries not placed: a time outside the span or not a time, or a repeated hour.
    public var rejectedHours = 0
    /// How often the city went stale (`AlertStateMachine.staleAfter` polls without data).
    public var staleSpells = 0
    /// The AQI judged in each hour of the span (nil: none), what `breezectl backtest
    /// --report` draws.
    public var judgedAQI = JudgedAQI([])

    public init(city: City, span: HistorySpan, shortEpisodeLimit: Duration) {
        self.city = city
        self.span = span
        self.shortEpisodeLimit = shortEpisodeLimit
    }

    /// The flapping episodes.
    public var shortEpisodes: Int { episodes.reduce(0) { count, episode in count + (episode.isShort ? 1 : 0) } }

    /// Whether an alert is still out at the end of the history.
    public var stillFiring: Bool { episodes.last?.isStillFiring ?? false }

    /// The worst band any episode reached.
    public var peakBand: Band? { episodes.compactMap(\.peakBand).max() }
}
