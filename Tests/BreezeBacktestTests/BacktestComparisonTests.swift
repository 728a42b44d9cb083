import BreezeAlerts
import BreezeBacktest
import BreezeConfig
import BreezeModel
import BreezeVocabulary
import Testing

struct BacktestComparisonTests {
    @Test func theSourcesSideBySidePairOverlappingEpisodes() throws {
        let settings = AlertSettings(threshold: .aqi(151), confirmAfter: 2)
        let subject = HistoryBuilder.subject(settings)
        // A timely source rises 3 hours sooner and falls 5 hours sooner than a lagging one,
        // and alone sees a short spike later.
        var timely = HistoryBuilder()
        timely.add(40, hours: 4)
        timely.add(180, hours: 6)
        timely.add(40, hours: 10)
        timely.add(190, hours: 2)
        timely.add(40, hours: 4)
        var lagging = HistoryBuilder()
        lagging.add(40, hours: 7)
        lagging.add(170, hours: 8)
        lagging.add(40, hours: 11)
        let comparison = BacktestComparison(
            first: SourceBacktest(source: "nowcast", result: Backtest.replay(timely.hours, for: subject)),
            second: SourceBacktest(source: "open-meteo", result: Backtest.replay(lagging.hours, for: subject)))
        try #require(comparison.pairs.count == 1)
        let pair = comparison.pairs[0]
        #expect(pair.first == 0 && pair.second == 0)
        #expect(pair.firedSooner == .seconds(3 * 3600))
        #expect(pair.resolvedSooner == .seconds(5 * 3600))
        #expect(comparison.onlyFirst == 1 && comparison.onlySecond == 0)
        // Swapped, the signs turn.
        let swapped = BacktestComparison(first: comparison.second, second: comparison.first)
        #expect(swapped.pairs.first?.firedSooner == .seconds(-3 * 3600))
        #expect(swapped.onlyFirst == 0 && swapped.onlySecond == 1)
    }

    @Test func anEpisodeStillFiringHasNoResolvedLead() throws {
        let subject = HistoryBuilder.subject(AlertSettings(threshold: .aqi(101)))
        var ending = HistoryBuilder()
        ending.add(40, hours: 2)
        ending.add(150, hours: 4)
        var resolving = HistoryBuilder()
        resolving.add(40, hours: 2)
        resolving.add(150, hours: 2)
        resolving.add(40, hours: 2)
        let comparison = BacktestComparison(
            first: SourceBacktest(source: "a", result: Backtest.replay(ending.hours, for: subject)),
            second: SourceBacktest(source: "b", result: Backtest.replay(resolving.hours, for: subject)))
        let pair = try #require(comparison.pairs.first)
        #expect(pair.firedSooner == .zero && pair.resolvedSooner == nil)
    }
}
