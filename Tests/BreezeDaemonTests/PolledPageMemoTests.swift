import BreezeAlerts
import BreezeModel
import BreezeVocabulary
import Testing

@testable import BreezeDaemon

/// The page extras a cycle takes from the one before: always what `PolledExtras.page` makes of
/// the series given, whether taken or made anew.
struct PolledPageMemoTests {
    static let paris = CivilZone(named: "Europe/Paris")!

    @Test func eachAnswerIsThePageOfTheSeriesGiven() {
        let memo = PolledPageMemo()
        for cycle in 0..<6 {
            for kind in 0..<6 {
                let series = OddSeriesSource.series(kind, cycle: cycle)
                for (zone, threshold) in [(CivilZone.utc, 101), (Self.paris, 101), (Self.paris, 151)] {
                    let expected = PolledExtras.page(series, zone: zone, threshold: threshold)
                    // Asked twice: made, then taken.
                    #expect(memo.page(for: "city \(kind)", series, zone: zone, threshold: threshold) == expected)
                    #expect(memo.page(for: "city \(kind)", series, zone: zone, threshold: threshold) == expected)
                }
            }
        }
        #expect(memo.count == 6)
    }

    /// One value of one hour changed is another page; the same values in a fresh series are the same.
    @Test func theFingerprintFollowsEveryValue() {
        let series = OddSeriesSource.series(0, cycle: 0)
        let again = OddSeriesSource.series(0, cycle: 0)
        let fingerprint = { (series: ForecastSeries) in PolledPageMemo.fingerprint(series, zone: .utc, threshold: 101) }
        #expect(fingerprint(series) == fingerprint(again))
        var columns = series.concentrations.columns
        columns[.co]?[150] = 6
        let changed = ForecastSeries(
            firstHour: series.firstHour, columns: columns, problems: series.problems, currentHour: series.currentHour)
        #expect(fingerprint(changed) != fingerprint(series))
        var later = series
        later.currentHour = series.currentHour.map { $0 + .seconds(3600) }
        #expect(fingerprint(later) != fingerprint(series))
        #expect(PolledPageMemo.fingerprint(series, zone: Self.paris, threshold: 101) != fingerprint(series))
        #expect(PolledPageMemo.fingerprint(series, zone: .utc, threshold: 151) != fingerprint(series))

        let memo = PolledPageMemo()
        _ = memo.page(for: "Paris", series, zone: .utc, threshold: 101)
        #expect(memo.page(for: "Paris", changed, zone: .utc, threshold: 101) == PolledExtras.page(changed, zone: .utc, threshold: 101))
        #expect(memo.page(for: "Paris", later, zone: .utc, threshold: 101) == PolledExtras.page(later, zone: .utc, threshold: 101))
    }

    @Test func citiesNoLongerWatchedAreForgotten() {
        let memo = PolledPageMemo()
        let series = OddSeriesSource.series(0, cycle: 0)
        for name in ["Paris", "東京", "Lyon"] { _ = memo.page(for: name, series, zone: .utc, threshold: 101) }
        memo.keep(only: ["Paris", "東京", "Lyon"])
        #expect(memo.count == 3)
        memo.keep(only: ["東京"])
        #expect(memo.count == 1)
        // Renamed: the new name's entry comes first, the old one goes with the next look.
        _ = memo.page(for: "Tokyo", series, zone: .utc, threshold: 101)
        memo.keep(only: ["Tokyo"])
        #expect(memo.count == 1)
    }
}
