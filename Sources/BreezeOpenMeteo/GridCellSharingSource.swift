import BreezeModel
import BreezeVocabulary

/// A source asking for each shared cell once (`GridCellSharing`): the inner source is asked
/// for one city per cell, and its answer goes to every city of the cell, each reduced as its
/// own (a city's forecast rules read its own time zone).
public struct GridCellSharingSource: AskingAirQualitySource {
    private let inner: any AirQualitySource
    private let cells: [String: GridCell]

    /// `cells`: each city's known cell by name, valid for the coordinates it is asked with.
    public init(_ inner: any AirQualitySource, cells: [String: GridCell]) {
        self.inner = inner
        self.cells = cells
    }

    public func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
        let sharing = GridCellSharing(cities: cities, cells: cells)
        return sharing.spread(inner.currentReadings(for: sharing.asked, deadline: deadline), missing: .failure(Self.noAnswer))
    }

    /// A cell's location asks for the forecast when any of its cities needs it, and only the
    /// recent hours when every one of them can (over its first city's kept hours: the cell's
    /// cities are answered alike).
    public func polls(
        for cities: [City], asks: [PollAsk], deadline: Deadline, requests: inout [String: Int],
        reducing reduce: (_ index: Int, inout CityPoll) -> Void
    ) -> [Result<CityPoll, SourceFailure>] {
        let sharing = GridCellSharing(cities: cities, cells: cells)
        // The other members' polls, each reduced from the whole poll before the first's
        // reduction takes from it.
        var shared: [Int: CityPoll] = [:]
        func handOut(_ position: Int, _ poll: inout CityPoll) {
            let whole = poll
            let cityIndices = sharing.members[position]
            reduce(cityIndices[0], &poll)
            for index in cityIndices.dropFirst() {
                var copy = whole
                reduce(index, &copy)
                shared[index] = copy
            }
        }
        let asked = sharing.members.map { indices in
            let own = indices.map { $0 < asks.count ? asks[$0] : .full }
            let forecast = own.contains { $0.forecast }
            let recent = own.allSatisfy { $0.recent != nil } ? own.first?.recent : nil
            return PollAsk(forecast: forecast, recent: forecast ? nil : recent)
        }
        var answers = inner.polls(
            for: sharing.asked, asks: asked, deadline: deadline, requests: &requests, reducing: handOut)
        answers = sharing.spread(answers, missing: .failure(Self.noAnswer))
        for (index, poll) in shared { answers[index] = .success(poll) }
        return answers
    }

    public func modelRuns(_ domains: [ModelDomain], deadline: Deadline, requests: inout [String: Int])
        -> [ModelDomain: Result<ModelRunMeta, SourceFailure>]
    {
        inner.modelRuns(domains, deadline: deadline, requests: &requests)
    }

    private static let noAnswer = SourceFailure(message: "no result for this city", permanent: false)
}
