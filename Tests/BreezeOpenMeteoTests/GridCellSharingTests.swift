import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary
import Synchronization
import Testing

/// `GridCellSharing` (which cities a poll asks for) and `GridCellSharingSource` (each answer
/// handed to every city of its cell, reduced as that city's own).
struct GridCellSharingTests {
    static let a = GridCell(latitude: 48.9, longitude: 2.4)
    static let b = GridCell(latitude: 45.8, longitude: 4.8)

    static func city(_ name: String) -> City { City(name: name, latitude: 0, longitude: 0) }

    @Test func theFirstCityOfACellIsAskedAndCitiesWithoutACellOnTheirOwn() {
        let cities = ["p", "q", "new", "r", "s"].map(Self.city)
        let sharing = GridCellSharing(cities: cities, cells: ["p": Self.a, "q": Self.b, "r": Self.a, "s": Self.a])
        #expect(sharing.asked.map(\.name) == ["p", "q", "new"])
        #expect(sharing.members == [[0, 3, 4], [1], [2]])
        #expect(sharing.citiesSharing == 2)
        #expect(sharing.spread(["P", "Q", "N"], missing: "-") == ["P", "Q", "N", "P", "P"])
        #expect(GridCellSharing.locations([Self.a, Self.b, nil, Self.a, nil]) == 4)
    }

    @Test func noCellsAskEveryCity() {
        let cities = ["x", "y"].map(Self.city)
        let sharing = GridCellSharing(cities: cities, cells: [:])
        #expect(sharing.asked == cities && sharing.members == [[0], [1]] && sharing.citiesSharing == 0)
    }

    /// Answers each city asked with its own position and a forecast, recording what it was asked.
    final class RecordingSource: AirQualitySource {
        let asked = Mutex<[[String]]>([])
        let fail: Bool

        init(fail: Bool = false) { self.fail = fail }

        func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
            polls(for: cities, deadline: deadline).map { $0.map(\.reading) }
        }

        func polls(for cities: [City], deadline: Deadline) -> [Result<CityPoll, SourceFailure>] {
            asked.withLock { $0.append(cities.map(\.name)) }
            return cities.enumerated().map { index, city in
                if fail { return .failure(SourceFailure(message: "down", permanent: false)) }
                return .success(CityPoll(reading: Reading(time: "2026-08-20T14:00", usAQI: 50 + index, concentrations: [:]), gridCell: GridCellSharingTests.a))
            }
        }
    }

    @Test func eachMemberIsReducedFromTheWholePollAsItself() {
        let inner = RecordingSource()
        let source = GridCellSharingSource(inner, cells: ["p": Self.a, "r": Self.a])
        var reduced: [Int] = []
        var requests: [String: Int] = [:]
        let results = source.polls(
            for: ["p", "q", "r"].map(Self.city), deadline: Deadline(monotonic: 1e12), requests: &requests
        ) { index, poll in
            reduced.append(index)
            // A reduction takes from the poll: the next member must still get it whole.
            #expect(poll.gridCell == Self.a)
            poll.gridCell = nil
        }
        #expect(inner.asked.withLock { $0 } == [["p", "q"]])
        #expect(reduced.sorted() == [0, 1, 2])
        let aqis = results.map { try? $0.get().reading.usAQI }
        #expect(aqis == [50, 51, 50], "r has p's answer")
        #expect(results.allSatisfy { (try? $0.get().gridCell) == .some(nil) }, "each reduced")
    }

    @Test func aFailureReachesEveryMember() {
        let source = GridCellSharingSource(RecordingSource(fail: true), cells: ["p": Self.a, "r": Self.a])
        let results = source.currentReadings(for: ["p", "r"].map(Self.city), deadline: Deadline(monotonic: 1e12))
        #expect(results.count == 2)
        #expect(results.allSatisfy { if case .failure(let f) = $0 { f.message == "down" } else { false } })
    }

    /// Records the asks it gets, answering as `RecordingSource`.
    final class AskRecordingSource: AirQualitySource {
        let asks = Mutex<[[PollAsk]]>([])
        let inner = RecordingSource()

        func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
            inner.currentReadings(for: cities, deadline: deadline)
        }

        func polls(
            for cities: [City], asks: [PollAsk], deadline: Deadline, requests: inout [String: Int],
            reducing reduce: (_ index: Int, inout CityPoll) -> Void
        ) -> [Result<CityPoll, SourceFailure>] {
            self.asks.withLock { $0.append(asks) }
            return inner.polls(for: cities, deadline: deadline, requests: &requests, reducing: reduce)
        }
    }

    /// A cell asks the forecast when any of its cities needs it, only the recent hours when
    /// every one of them can (over its first city's kept hours); a city alone as it asks.
    @Test func aCellAsksTheRecentHoursOnlyWhenEveryCityCan() {
        var kept = KeptHours(latitude: 0, longitude: 0)
        kept.setRow(hour: 496_454) { _ in 1.5 }
        var other = kept
        other.setRow(hour: 496_453) { _ in 2.5 }
        let inner = AskRecordingSource()
        let source = GridCellSharingSource(
            inner, cells: ["p": Self.a, "r": Self.a, "q": Self.b, "s": Self.b, "t": Self.b])
        var requests: [String: Int] = [:]
        let asks = [
            PollAsk(forecast: false, recent: kept), PollAsk(forecast: false, recent: other),
            PollAsk(forecast: false, recent: other), PollAsk(forecast: false), PollAsk(forecast: false, recent: kept),
            PollAsk(forecast: false, recent: kept), PollAsk(forecast: true, recent: nil),
        ]
        let results = source.polls(
            for: ["p", "q", "new", "s", "r", "t", "u"].map(Self.city), asks: asks, deadline: Deadline(monotonic: 1e12),
            requests: &requests, reducing: { _, _ in })
        #expect(results.count == 7)
        // Cells: p+r (both can: p's hours), q+s+t (s cannot: the whole window), new and u
        // alone, each as it asks.
        #expect(inner.inner.asked.withLock { $0 } == [["p", "q", "new", "u"]])
        #expect(
            inner.asks.withLock { $0 } == [
                [
                    PollAsk(forecast: false, recent: kept), PollAsk(forecast: false),
                    PollAsk(forecast: false, recent: other), PollAsk(forecast: true),
                ]
            ])
        func cellB(_ s: PollAsk, _ t: PollAsk) -> PollAsk? {
            var changed = asks
            changed[3] = s
            changed[5] = t
            _ = source.polls(
                for: ["p", "q", "new", "s", "r", "t", "u"].map(Self.city), asks: changed,
                deadline: Deadline(monotonic: 1e12), requests: &requests, reducing: { _, _ in })
            return inner.asks.withLock { $0.last?[1] }
        }
        // Every city can: the recent hours over the cell's first city's (q's).
        #expect(cellB(PollAsk(forecast: false, recent: kept), PollAsk(forecast: false, recent: kept)) == PollAsk(forecast: false, recent: other))
        // One needs the forecast: the cell asks it, and with it the whole window.
        #expect(cellB(PollAsk(forecast: false, recent: kept), PollAsk(forecast: true)) == PollAsk(forecast: true))
    }
}
