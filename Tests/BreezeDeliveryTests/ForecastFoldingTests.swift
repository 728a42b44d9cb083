import BreezeAlerts
import BreezeModel
import Testing

@testable import BreezeDelivery

/// A forecast waiting between a firing and its resolve is about another day: folding the
/// episode never takes it along.
struct ForecastFoldingTests {
    @Test func aForecastIsNeverSupersededByTheCurrentAirsEpisode() throws {
        let queue = [
            entry(1, at: 1000), entry(2, kind: .forecast, at: 1100), entry(3, kind: .escalated, band: .veryUnhealthy, at: 1200),
            entry(4, kind: .resolved, band: .good, at: 1300),
        ]
        let fold = try #require(EpisodeFolding.fold(queue, at: 0))
        #expect(fold.superseded.map(\.sequence) == [1, 3])
        #expect(fold.queue.map(\.sequence) == [4, 2])
        #expect(fold.resolve.event.unannounced?.band == .veryUnhealthy)
    }
}
