import BreezeModel
import BreezeState
import BreezeVocabulary
import BreezeWeb

/// What the status page shows of one city beyond its state, as last fetched.
public struct CityExtras: Sendable, Equatable {
    /// The AQI hour by hour, up to the last 48 hours (`PolledExtras.history`).
    public var history: [HourlyAQI] = []
    /// The coming local days, today first (`PolledExtras.forecastDays`).
    public var forecast: [ForecastDayAQI] = []
    /// The last pollen-and-UV reading, nil until one came.
    public var pollen: PollenReading?
    /// The last climate trend fetched, nil until one came.
    public var climate: ClimateTrendEntry?
    /// The extras whose last fetch failed (none once one succeeds again), by kind.
    public var failures: [ExtrasFailure.Kind: ExtrasFailure] = [:]

    public init(
        history: [HourlyAQI] = [], forecast: [ForecastDayAQI] = [], pollen: PollenReading? = nil,
        climate: ClimateTrendEntry? = nil
    ) {
        self.history = history
        self.forecast = forecast
        self.pollen = pollen
        self.climate = climate
    }
}

/// One city's climate trend as fetched: for which local day and where (a city moved by a
/// reload is fetched again), and the points.
public struct ClimateTrendEntry: Sendable, Equatable {
    /// The local day it was fetched for, `YYYY-MM-DD`.
    public var day: String
    public var latitude: Double
    public var longitude: Double
    public var points: [ClimateTrendPoint]

    public init(day: String, latitude: Double, longitude: Double, points: [ClimateTrendPoint]) {
        self.day = day
        self.latitude = latitude
        self.longitude = longitude
        self.points = points
    }

    /// Whether it answers for `city` on `day`.
    func holds(_ city: City, on day: String) -> Bool {
        self.day == day && latitude == city.latitude && longitude == city.longitude
    }
}

/// The latest extras of every configured city, by name: one home, a value the extras service
/// (`ExtrasFetcher`) owns (each cycle, each pollen and climate run hands its results back to
/// it), read by the publisher of `WebSnapshot` through `fill`.
public struct CityExtrasStore: Sendable {
    /// By configured city name.
    public private(set) var cities: [String: CityExtras] = [:]
    /// `TemperatureUnit=` in force, for `WebSnapshot.temperatureUnit`.
    public var temperatureUnit: TemperatureUnit = .celsius

    public init(climate: [String: ClimateTrendEntry] = [:]) {
        for (name, entry) in climate { cities[name] = CityExtras(climate: entry) }
    }

    /// The extras of `name`, nil when it has none yet.
    public func extras(for name: String) -> CityExtras? { cities[name] }

    /// Sets each city's history and forecast from a cycle (`polled`, by name); a city missing
    /// from it keeps its last ones; cities no longer `configured` are forgotten.
    mutating func adoptPolled(_ polled: [String: (history: [HourlyAQI], forecast: [ForecastDayAQI])], configured: Set<String>) {
        for (name, extras) in polled {
            cities[name, default: CityExtras()].history = extras.history
            cities[name, default: CityExtras()].forecast = extras.forecast
        }
        forget(keeping: configured)
    }

    /// Sets the pollen-and-UV readings that came (a city whose request failed keeps its last).
    mutating func adoptPollen(_ readings: [String: PollenReading]) {
        for (name, reading) in readings { cities[name, default: CityExtras()].pollen = reading }
    }

    /// Sets the climate trends that came.
    mutating func adoptClimate(_ entries: [String: ClimateTrendEntry]) {
        for (name, entry) in entries { cities[name, default: CityExtras()].climate = entry }
    }

    /// Records the fetches that `failed`; clears the failure of each city whose pollen and UV
    /// (`fetched`) or climate trend (`climateFetched`) came.
    mutating func adoptFailures(_ failed: [ExtrasFailure], fetched: Set<String>, climateFetched: Set<String>) {
        for name in fetched where cities[name]?.failures[.pollenAndUV] != nil { cities[name]?.failures[.pollenAndUV] = nil }
        for name in climateFetched where cities[name]?.failures[.climate] != nil { cities[name]?.failures[.climate] = nil }
        for failure in failed { cities[failure.city, default: CityExtras()].failures[failure.kind] = failure }
    }

    /// Every configured city's failed extras, in `order` (the configured names), climate first.
    public func failures(order: [String]) -> [ExtrasFailure] {
        order.flatMap { name in
            ExtrasFailure.Kind.allCases.compactMap { cities[name]?.failures[$0] }
        }
    }

    /// Every city's climate trend, for the cache file.
    var climateEntries: [String: ClimateTrendEntry] { cities.compactMapValues(\.climate) }

    /// Fills each of `cities`' history, forecast, pollen, UV index and climate by its name.
    public func fill(_ webCities: inout [WebCity]) { Self.fill(&webCities, from: cities) }

    /// Fills each of `webCities` from `extras` (a copy of `cities` taken on the control queue,
    /// for the publisher's own queue).
    public static func fill(_ webCities: inout [WebCity], from extras: [String: CityExtras]) {
        for index in webCities.indices {
            guard let extras = extras[webCities[index].name] else { continue }
            webCities[index].history = extras.history
            webCities[index].forecast = extras.forecast
            webCities[index].pollen = extras.pollen?.pollen
            webCities[index].uvIndex = extras.pollen?.uvIndex
            webCities[index].climate = extras.climate?.points
            webCities[index].failures = extras.failures
        }
    }

    /// Fills `snapshot`'s cities (see `fill(_:)`) and its temperature unit.
    public func fill(_ snapshot: inout WebSnapshot) {
        fill(&snapshot.cities)
        snapshot.temperatureUnit = temperatureUnit
    }

    private mutating func forget(keeping configured: Set<String>) {
        guard cities.count > configured.count || cities.keys.contains(where: { !configured.contains($0) }) else { return }
        cities = cities.filter { configured.contains($0.key) }
    }
}
