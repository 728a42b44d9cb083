import BreezeAlerts
import BreezeConfig
import BreezeModel
import BreezeVocabulary

/// Why a city got no reading this cycle.
public struct SourceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence for the journal; never holds a secret.
    public var message: String
    /// Whether retrying cannot help (a bad request, a rejected API key).
    public var permanent: Bool

    public init(message: String, permanent: Bool) {
        self.message = message
        self.permanent = permanent
    }

    public var description: String { message }
}

/// One city's answer to a poll: Open-Meteo's current reading and what its hourly series gave
/// for the current AQI (nil: the source has no hourly series).
public struct CityPoll: Sendable, Equatable {
    public var reading: Reading
    public var hourly: HourlyCurrentAQI?
    /// What was wrong with the hourly series, one sentence each (also when it was usable).
    public var hourlyProblems: [String]
    /// The hourly forecast of the same response, for the forecast alerts (nil: none, or
    /// taken by the `reducing` step of `polls(for:deadline:requests:reducing:)`).
    public var forecast: ForecastSeries?
    /// Whether `forecast` reaches as far ahead as the forecast is asked for; false: the poll
    /// asked only for the current hour (`PollRequestShape.withoutForecast`), and the city's
    /// kept forecast goes after it.
    public var forecastIncluded: Bool
    /// The model grid cell the answer came from (nil: the source does not say).
    public var gridCell: GridCell?

    public init(
        reading: Reading, hourly: HourlyCurrentAQI? = nil, hourlyProblems: [String] = [],
        forecast: ForecastSeries? = nil, forecastIncluded: Bool = true, gridCell: GridCell? = nil
    ) {
        self.reading = reading
        self.hourly = hourly
        self.hourlyProblems = hourlyProblems
        self.forecast = forecast
        self.forecastIncluded = forecastIncluded
        self.gridCell = gridCell
    }
}

/// What a poll asks Open-Meteo for one city.
public struct PollAsk: Sendable, Equatable {
    /// Whether its forecast is asked for (`ModelRunTracker.needsForecast`).
    public var forecast: Bool
    /// Its kept hours, when they reach the previous hour and only the hours since are asked
    /// (`PollRequestShape.recent`); nil: the whole window. Not used when `forecast` is.
    public var recent: KeptHours?

    public init(forecast: Bool, recent: KeptHours? = nil) {
        self.forecast = forecast
        self.recent = recent
    }

    /// The whole window and the forecast.
    public static let full = PollAsk(forecast: true)

    /// The shape it is asked with: with the forecast `standard` (a new model run replaces the
    /// past hours too), else `recent` over kept hours, else `withoutForecast`.
    public var shape: PollRequestShape {
        if forecast { return .standard }
        return recent == nil ? .withoutForecast : .recent
    }
}

/// Where current readings come from (Open-Meteo in production, a fake in unit tests).
public protocol AirQualitySource: Sendable {
    /// One result per city, in the order given; must return by `deadline`.
    func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>]
    /// The same with the hourly series' current AQI and forecast (one request: the same
    /// response); by default the readings without either.
    func polls(for cities: [City], deadline: Deadline) -> [Result<CityPoll, SourceFailure>]
    /// The same, adding the requests it made to `requests` by result (`RequestResult`'s raw
    /// values), every retry counted; by default none are counted.
    func polls(for cities: [City], deadline: Deadline, requests: inout [String: Int]) -> [Result<CityPoll, SourceFailure>]
    /// The same, each city's poll handed to `reduce` (with its index) as soon as it is read:
    /// a source reading many batches calls it batch by batch, so what `reduce` drops is never
    /// alive for every city at once. By default, on each poll once all are read.
    func polls(
        for cities: [City], deadline: Deadline, requests: inout [String: Int],
        reducing reduce: (_ index: Int, inout CityPoll) -> Void
    ) -> [Result<CityPoll, SourceFailure>]
    /// The same, each city asked as its `PollAsk` says (one per city): the forecast only for
    /// those whose `forecast` is true (the others' polls say `forecastIncluded == false`), only
    /// the recent hours for those with `recent` kept hours (their answers laid over them). By
    /// default every city's poll is asked alike.
    func polls(
        for cities: [City], asks: [PollAsk], deadline: Deadline, requests: inout [String: Int],
        reducing reduce: (_ index: Int, inout CityPoll) -> Void
    ) -> [Result<CityPoll, SourceFailure>]
    /// When each of `domains` last ran, as the source tells it; a domain left out is one the
    /// source cannot tell of (the default: none), and the forecast is then asked for by age.
    /// Each request made is added to `requests` by result, as the polls' are.
    func modelRuns(_ domains: [ModelDomain], deadline: Deadline, requests: inout [String: Int])
        -> [ModelDomain: Result<ModelRunMeta, SourceFailure>]
}

extension AirQualitySource {
    public func polls(for cities: [City], deadline: Deadline) -> [Result<CityPoll, SourceFailure>] {
        currentReadings(for: cities, deadline: deadline).map { $0.map { CityPoll(reading: $0) } }
    }

    public func polls(for cities: [City], deadline: Deadline, requests: inout [String: Int])
        -> [Result<CityPoll, SourceFailure>]
    {
        polls(for: cities, deadline: deadline)
    }

    public func polls(
        for cities: [City], deadline: Deadline, requests: inout [String: Int],
        reducing reduce: (_ index: Int, inout CityPoll) -> Void
    ) -> [Result<CityPoll, SourceFailure>] {
        var results = polls(for: cities, deadline: deadline, requests: &requests)
        for index in results.indices {
            if case .success(var poll) = results[index] {
                reduce(index, &poll)
                results[index] = .success(poll)
            }
        }
        return results
    }

    public func polls(
        for cities: [City], asks: [PollAsk], deadline: Deadline, requests: inout [String: Int],
        reducing reduce: (_ index: Int, inout CityPoll) -> Void
    ) -> [Result<CityPoll, SourceFailure>] {
        polls(for: cities, deadline: deadline, requests: &requests, reducing: reduce)
    }

    public func modelRuns(_ domains: [ModelDomain], deadline: Deadline, requests: inout [String: Int])
        -> [ModelDomain: Result<ModelRunMeta, SourceFailure>]
    {
        [:]
    }
}

/// A source whose polls are all one: the one asking each city as its `PollAsk` says. Every
/// shorter form is that one with every city asked whole (`PollAsk.full`), and the readings are
/// the polls' — defaults here, so `OpenMeteoSource` and `GridCellSharingSource` write only
/// what is their own.
public protocol AskingAirQualitySource: AirQualitySource {}

extension AskingAirQualitySource {
    public func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
        polls(for: cities, deadline: deadline).map { $0.map(\.reading) }
    }

    public func polls(for cities: [City], deadline: Deadline) -> [Result<CityPoll, SourceFailure>] {
        var uncounted: [String: Int] = [:]
        return polls(for: cities, deadline: deadline, requests: &uncounted)
    }

    public func polls(for cities: [City], deadline: Deadline, requests: inout [String: Int])
        -> [Result<CityPoll, SourceFailure>]
    {
        polls(for: cities, deadline: deadline, requests: &requests) { _, _ in }
    }

    public func polls(
        for cities: [City], deadline: Deadline, requests: inout [String: Int],
        reducing reduce: (_ index: Int, inout CityPoll) -> Void
    ) -> [Result<CityPoll, SourceFailure>] {
        polls(for: cities, asks: cities.map { _ in .full }, deadline: deadline, requests: &requests, reducing: reduce)
    }
}
