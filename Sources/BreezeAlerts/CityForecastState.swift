import BreezeModel

/// What the forecast alerts remember about one city: per coming day decided so far, what was
/// announced. Persisted with the city's record, so a restart announces nothing twice.
public struct CityForecastState: Sendable, Equatable, Codable {
    /// The decided days, oldest first; days that have begun are dropped.
    public var days: [DayState] = []

    public init(days: [DayState] = []) { self.days = days }

    /// One decided day.
    public struct DayState: Sendable, Equatable, Codable {
        /// The local date, `YYYY-MM-DD`.
        public var day: String
        /// The band the last `forecast` event announced; nil when none is out (never
        /// announced, or cleared since).
        public var announcedBand: Band?
        /// Events made about the day: part of their ids.
        public var events: Int

        public init(day: String, announcedBand: Band? = nil, events: Int = 0) {
            self.day = day
            self.announcedBand = announcedBand
            self.events = events
        }
    }
}
