import BreezeModel
import BreezeVocabulary

/// The replay of one city's history under one alerting-AQI source.
public struct SourceBacktest: Sendable, Equatable {
    /// The source's name as the command writes it (`nowcast`, `open-meteo`).
    public var source: String
    public var result: CityBacktest
    /// Hours judged by Open-Meteo's `us_aqi` because the source had no value (`RatedHistory`).
    public var fallbackHours: Int

    public init(source: String, result: CityBacktest, fallbackHours: Int = 0) {
        self.source = source
        self.result = result
        self.fallbackHours = fallbackHours
    }
}

/// Two replays of one city side by side (`--source both`): the same rule and polls, two
/// AQI series. Episodes that overlap in time are paired, to say which source fired first.
public struct BacktestComparison: Sendable, Equatable {
    public var first: SourceBacktest
    public var second: SourceBacktest
    /// Pairs of overlapping episodes, in the order of the first's episodes.
    public var pairs: [EpisodePair]

    public init(first: SourceBacktest, second: SourceBacktest) {
        self.first = first
        self.second = second
        pairs = Self.pair(first.result.episodes, second.result.episodes)
    }

    /// Episodes of the first source that no episode of the second overlaps, and the reverse.
    public var onlyFirst: Int { first.result.episodes.count - Set(pairs.map(\.first)).count }
    public var onlySecond: Int { second.result.episodes.count - Set(pairs.map(\.second)).count }

    /// Each overlap of an episode of `left` with one of `right` (both in time order).
    static func pair(_ left: [BacktestEpisode], _ right: [BacktestEpisode]) -> [EpisodePair] {
        var pairs: [EpisodePair] = []
        var from = 0
        for (leftIndex, episode) in left.enumerated() {
            var index = from
            while index < right.count, right[index].endedAt <= episode.firedAt { index += 1 }
            from = index
            while index < right.count, right[index].firedAt < episode.endedAt {
                pairs.append(EpisodePair(first: leftIndex, second: index, left: episode, right: right[index]))
                index += 1
            }
        }
        return pairs
    }
}

/// An episode of each source that overlap in time.
public struct EpisodePair: Sendable, Equatable {
    /// Indices into each source's episodes.
    public var first: Int
    public var second: Int
    /// How much sooner the first source fired (negative: later).
    public var firedSooner: Duration
    /// How much sooner the first source resolved (negative: later); nil when either was still
    /// firing at the end.
    public var resolvedSooner: Duration?

    init(first: Int, second: Int, left: BacktestEpisode, right: BacktestEpisode) {
        self.first = first
        self.second = second
        firedSooner = right.firedAt - left.firedAt
        if let leftResolved = left.resolvedAt, let rightResolved = right.resolvedAt {
            resolvedSooner = rightResolved - leftResolved
        }
    }
}
