import BreezeAlerts
import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeVocabulary
import FoundationEssentials

/// Where the status page's extras come from beside the poll: pollen and UV, and the climate
/// trend (Open-Meteo over libcurl in production, a fake in unit tests).
public protocol ExtrasSource: Sendable {
    /// Pollen and the UV index now, and today's UV maximum, one result per city in the order
    /// given; by `deadline`.
    func pollenAndUV(for cities: [City], deadline: Deadline) -> [Result<PollenReading, SourceFailure>]
    /// The daily maximum temperature (°C) at `city` on `day`'s month and day in each of
    /// `ClimateTrendRequest.decades`, and this year's latest the archive has; by `deadline`.
    func climateTrend(for city: City, day: LocalDay, deadline: Deadline) -> Result<[ClimateTrendPoint], SourceFailure>
}

/// The climate trend's one request: which days are asked and how the answer becomes points.
public enum ClimateTrendRequest {
    /// The decades compared with this year, as the app compares them.
    public static let decades = [1980, 1990, 2000, 2010, 2020]
    /// Days back from today this year's point may come from: ERA5 lags about 5 days.
    public static let latestDays = 10

    /// The ranges asked for `day`: this day in each decade year (none for 29 February in a year
    /// without it), then this year's last `latestDays` days up to `day`.
    public static func ranges(for day: LocalDay) -> (years: [Int], ranges: [DateRange]) {
        var years: [Int] = []
        var ranges: [DateRange] = []
        for year in decades where year < day.year && exists(LocalDay(year: year, month: day.month, day: day.day)) {
            let text = LocalDay(year: year, month: day.month, day: day.day).description
            years.append(year)
            ranges.append(DateRange(start: text, end: text))
        }
        years.append(day.year)
        ranges.append(DateRange(start: day.adding(days: -latestDays).description, end: day.description))
        return (years, ranges)
    }

    /// The points of an answer to `ranges(for:)`: a decade year's value or nil; this year's the
    /// latest non-null day of its range, with that day as the point's date (nil when none).
    public static func points(years: [Int], values: [[DailyValue]?]) -> [ClimateTrendPoint] {
        var temperatures: [Int: Double?] = [:]
        var latestDate: String?
        for (index, year) in years.enumerated() {
            let days = index < values.count ? values[index] ?? [] : []
            if index == years.count - 1 {
                let latest = days.last { $0.value.map(Self.plausible) == true }
                temperatures[year] = .some(latest?.value)
                latestDate = latest?.date
            } else {
                temperatures[year] = .some(days.first?.value.flatMap { plausible($0) ? $0 : nil })
            }
        }
        var points = ClimateTrendPoint.series(temperatures)
        if let last = points.indices.last, points[last].temperatureMaximum != nil { points[last].date = latestDate }
        return points
    }

    /// A daily maximum temperature on Earth: −95 °C to +65 °C (records −89.2 and +56.7).
    public static func plausible(_ celsius: Double) -> Bool { celsius.isFinite && (-95...65).contains(celsius) }

    private static func exists(_ day: LocalDay) -> Bool { !(day.month == 2 && day.day == 29 && !isLeap(day.year)) }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
}

/// The extras from Open-Meteo: the pollen-and-UV request on the air-quality API, the climate
/// trend from the archive (`ArchiveURL=`), libcurl with `Timeout=`.
public struct OpenMeteoExtrasSource: ExtrasSource {
    private let airQuality: AirQualityClient
    private let archive: ArchiveClient

    public init(airQuality: AirQualityClient, archive: ArchiveClient) {
        self.airQuality = airQuality
        self.archive = archive
    }

    /// The production source for `settings`, its retries timed by `clock`.
    public init(
        settings: BreezeSettings, userAgent: String,
        clock: @escaping @Sendable () -> ClockReading = ClockReading.system
    ) {
        let transport = CurlTransport(settings: settings, userAgent: userAgent)
        let endpoints = OpenMeteoEndpoints(settings)
        // One attempt each: a failure waits for the next run, never holds the extras' queue.
        let environment = RetryEnvironment(clock: clock)
        self.init(
            airQuality: AirQualityClient(
                endpoints: endpoints, transport: transport, retryPolicy: RetryPolicy(maximumAttempts: 1), environment: environment),
            archive: ArchiveClient(endpoints: endpoints, transport: transport, retryPolicy: RetryPolicy(maximumAttempts: 1), environment: environment))
    }

    /// The UV maximum is of the local day in the city's `TimeZone=`, else at its coordinate.
    public func pollenAndUV(for cities: [City], deadline: Deadline) -> [Result<PollenReading, SourceFailure>] {
        let endpoints = airQuality.endpoints
        let zones = cities.map { $0.timeZone ?? "auto" }
        return airQuality.pollenAndUV(for: cities.map(Self.coordinate), timeZones: zones, deadline: deadline).map { result in
            result.mapError { SourceFailure(message: endpoints.redacting($0.description), permanent: !$0.isTransient) }
        }
    }

    /// The days are read in the city's `TimeZone=`, else the system's: the zone its local day
    /// was taken in (`ExtrasSchedule`).
    public func climateTrend(for city: City, day: LocalDay, deadline: Deadline) -> Result<[ClimateTrendPoint], SourceFailure> {
        let (years, ranges) = ClimateTrendRequest.ranges(for: day)
        do {
            let results = try archive.dailyMaximumTemperatures(
                at: Self.coordinate(city), ranges: ranges, timeZone: city.timeZone ?? CivilZone.current.identifier,
                deadline: deadline)
            return .success(ClimateTrendRequest.points(years: years, values: results.map { try? $0.get() }))
        } catch {
            return .failure(SourceFailure(message: airQuality.endpoints.redacting(error.description), permanent: !error.isTransient))
        }
    }

    private static func coordinate(_ city: City) -> Coordinate { Coordinate(latitude: city.latitude, longitude: city.longitude) }
}
