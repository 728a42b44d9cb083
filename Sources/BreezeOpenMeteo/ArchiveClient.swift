import BreezeHTTP
import BreezeVocabulary

/// An inclusive range of days, `YYYY-MM-DD` both ends.
public struct DateRange: Sendable, Hashable {
    public var start: String
    public var end: String

    public init(start: String, end: String) {
        self.start = start
        self.end = end
    }
}

/// One day's value from the archive; nil when the archive has none.
public struct DailyValue: Sendable, Equatable {
    public var date: String
    public var value: Double?

    public init(date: String, value: Double?) {
        self.date = date
        self.value = value
    }
}

/// Reads past weather from Open-Meteo's archive (`GET <ArchiveURL>/v1/archive`), ERA5 from 1940.
public struct ArchiveClient: OpenMeteoClient {
    private let core: OpenMeteoClientCore

    public init(core: OpenMeteoClientCore) { self.core = core }

    /// The daily maximum temperature at 2 m, in °C, at `coordinate` for each of `ranges`, all
    /// in one request (e.g. this day across decades); one result per range, in order.
    public func dailyMaximumTemperatures(
        at coordinate: Coordinate, ranges: [DateRange], timeZone: String = "GMT",
        deadline: Deadline
    ) throws(FetchError) -> [Result<[DailyValue], FetchError>] {
        guard !ranges.isEmpty else { return [] }
        let request = HTTPRequest.get(
            core.endpoints.archiveEndpoint,
            query: [
                ("latitude", Coordinate.format(coordinate.latitude)),
                ("longitude", Coordinate.format(coordinate.longitude)),
                ("start_date", ranges.map(\.start).joined(separator: ",")),
                ("end_date", ranges.map(\.end).joined(separator: ",")),
                ("daily", "temperature_2m_max"), ("timezone", timeZone),
            ])
        return try core.send(request, locations: ranges.count, deadline: deadline) {
            payload, _ throws(FetchError) in
            try Self.values(in: payload)
        }
    }

    private static func values(in payload: LocationPayload) throws(FetchError) -> [DailyValue] {
        let variable = "temperature_2m_max"
        guard let daily = payload.daily, let column = daily.column(variable) else {
            throw .invalidLocation("no 'daily.\(variable)'")
        }
        guard payload.dailyUnits[variable] == "°C" else {
            throw .invalidLocation("\(variable) came in '\(payload.dailyUnits[variable] ?? "no unit")', expected '°C'")
        }
        guard column.count == daily.time.count else {
            throw .invalidLocation("\(variable) has \(column.count) values for \(daily.time.count) days")
        }
        // A day's value that is not a number (kept as +infinity by the reader) refuses the list.
        guard !column.contains(where: { $0?.isFinite == false }) else {
            throw .invalidLocation("\(variable) is not a list of numbers")
        }
        return zip(daily.time, column).map { DailyValue(date: $0, value: $1) }
    }
}
