/// One year of "temperature on this day across decades".
public struct ClimateTrendPoint: Sendable, Hashable, Codable {
    /// The calendar year.
    public var year: Int
    /// The day's maximum temperature in °C; nil when the archive has none (yet).
    public var temperatureMaximum: Double?
    /// `temperatureMaximum` minus the first year's, in °C; nil when either is missing.
    public var differenceFromFirstYear: Double?
    /// The day the temperature is of, `YYYY-MM-DD`, when it is not this day of `year`: the
    /// archive lags about 5 days, so this year's point is the latest day it has. nil: the day
    /// itself (or no temperature).
    public var date: String?

    /// A point as given; see `series` to compute differences.
    public init(year: Int, temperatureMaximum: Double?, differenceFromFirstYear: Double?, date: String? = nil) {
        self.year = year
        self.temperatureMaximum = temperatureMaximum
        self.differenceFromFirstYear = differenceFromFirstYear
        self.date = date
    }

    /// Points for `temperatures` (°C by year, any order), sorted by year, each compared with the
    /// earliest year that has a temperature (the app likewise drops missing years).
    public static func series(_ temperatures: [Int: Double?]) -> [ClimateTrendPoint] {
        let years = temperatures.keys.sorted()
        let first = years.lazy.compactMap { temperatures[$0] ?? nil }.first
        return years.map { year in
            let value = temperatures[year] ?? nil
            let difference = value.flatMap { value in first.map { value - $0 } }
            return ClimateTrendPoint(year: year, temperatureMaximum: value, differenceFromFirstYear: difference)
        }
    }

    /// The bar colour for this point's difference; grey when it has none.
    public var colour: TrendColour { TrendColour(difference: differenceFromFirstYear ?? 0) }
}

/// The colour of a climate bar by its difference from the first year.
public enum TrendColour: String, CaseIterable, Sendable, Codable {
    /// Warmer by more than 2 °C.
    case red
    /// Warmer by more than 0.5 °C, up to 2 °C.
    case orange
    /// Within ±0.5 °C.
    case grey
    /// Cooler by more than 0.5 °C.
    case blue

    /// Red above +2 °C, orange above +0.5 °C, blue below −0.5 °C, grey otherwise (boundaries
    /// themselves are grey or orange: exactly +2 is orange, exactly ±0.5 is grey).
    public init(difference celsius: Double) {
        if celsius > 2 {
            self = .red
        } else if celsius > 0.5 {
            self = .orange
        } else if celsius < -0.5 {
            self = .blue
        } else {
            self = .grey
        }
    }
}

/// A temperature scale for display.
public enum TemperatureUnit: String, CaseIterable, Sendable, Codable {
    /// Degrees Celsius.
    case celsius
    /// Degrees Fahrenheit.
    case fahrenheit

    /// "°C" or "°F".
    public var symbol: String { self == .celsius ? "°C" : "°F" }

    /// A temperature given in °C, in this unit.
    public func temperature(celsius: Double) -> Double {
        self == .celsius ? celsius : celsius * 9 / 5 + 32
    }

    /// A temperature given in this unit, in °C.
    public func celsius(from value: Double) -> Double {
        self == .celsius ? value : (value - 32) * 5 / 9
    }

    /// A temperature difference given in °C (kelvins), in this unit: no +32 offset.
    public func difference(celsius: Double) -> Double {
        self == .celsius ? celsius : celsius * 9 / 5
    }
}
