/// Hourly concentrations in µg/m³ (Open-Meteo's unit for all six pollutants), one column per
/// pollutant, oldest hour first: index `i` is the same hour in every column (`times[i]` of the
/// response). The ground for the current AQI and the daily forecast AQI.
///
/// Every hour is checked on the way in: a value that is not a number, negative, or above
/// `largestPlausibleValue` is a missing hour (nil), never zero and never a trap. Asking for an
/// hour outside a column (before index 0, past a short column's end, `Int.min`) gives a missing
/// hour too, so a column of the wrong length only ever lacks hours.
public struct HourlyConcentrations: Sendable, Hashable {
    /// 10⁹ µg/m³ is 1 kg/m³, nearly the density of air itself (1.18 kg/m³ at 25 °C): more of one
    /// pollutant than that is a broken value, not air. Far above every AQI table's top (the
    /// highest, CO, ends at 50.4 ppm ≈ 57,700 µg/m³), so no real value is dropped.
    public static let largestPlausibleValue = 1e9

    /// The checked columns, oldest hour first; nil for a missing hour.
    public let columns: [Pollutant: [Double?]]
    /// How many hours were given but are not data (NaN, negative, above the plausible), over
    /// all columns.
    public let implausibleHours: Int
    // The columns by `position(of:)`: every hourly AQI reads them about a dozen times, and a
    // dictionary lookup hashes the pollutant's name each time.
    private let columnsByPosition: [[Double?]?]

    /// Checks every hour of `columns` (µg/m³, oldest first, nil for a missing hour).
    public init(_ columns: [Pollutant: [Double?]]) {
        var implausible = 0
        var checked: [Pollutant: [Double?]] = [:]
        for (pollutant, column) in columns {
            checked[pollutant] = column.map { hour in
                guard let hour else { return nil }
                if let value = Self.plausible(hour) { return value }
                implausible += 1
                return nil
            }
        }
        self.columns = checked
        implausibleHours = implausible
        columnsByPosition = Pollutant.allCases.map { checked[$0] }
    }

    /// How many hours the series spans: its longest column's length (a shorter column lacks
    /// the hours past its end); 0 without columns.
    public var hourCount: Int { columns.values.lazy.map(\.count).max() ?? 0 }

    /// The checked column of `pollutant`, nil when the series has none.
    func column(_ pollutant: Pollutant) -> [Double?]? {
        columnsByPosition[Self.position(of: pollutant)]
    }

    private static func position(of pollutant: Pollutant) -> Int {
        switch pollutant {
        case .pm2_5: 0
        case .pm10: 1
        case .no2: 2
        case .so2: 3
        case .o3: 4
        case .co: 5
        }
    }

    /// `value` when it is a concentration (finite, not negative, at most
    /// `largestPlausibleValue`), nil otherwise.
    public static func plausible(_ value: Double) -> Double? {
        guard case .success(let checked) = ReportedValue.concentration(value, variable: "value"),
            checked <= largestPlausibleValue
        else { return nil }
        return checked
    }

    /// The value of `pollutant` at `hour`, nil when missing or outside the column.
    public func value(_ pollutant: Pollutant, at hour: Int) -> Double? {
        guard let column = column(pollutant), column.indices.contains(hour) else { return nil }
        return column[hour]
    }

    /// Whether `pollutant` has a value in any hour of `hours`.
    func hasAnyValue(_ pollutant: Pollutant, in hours: Range<Int>) -> Bool {
        guard let column = column(pollutant) else { return false }
        let overlap = hours.clamped(to: column.indices)
        return column[overlap].contains { $0 != nil }
    }

    /// `count` hours of `pollutant` ending at `hour`, **newest first** (NowCast's order): element
    /// 0 is `hour`, element 1 the hour before, …; missing hours are nil.
    func hours(_ pollutant: Pollutant, endingAt hour: Int, count: Int) -> [Double?] {
        let column = column(pollutant) ?? []
        return (0..<max(0, count)).map { back in
            let (index, overflow) = hour.subtractingReportingOverflow(back)
            return overflow || !column.indices.contains(index) ? nil : column[index]
        }
    }

    /// `count` hours of `pollutant` starting at `hour`, oldest first; missing hours are nil.
    func hours(_ pollutant: Pollutant, startingAt hour: Int, count: Int) -> [Double?] {
        let column = column(pollutant) ?? []
        return (0..<max(0, count)).map { ahead in
            let (index, overflow) = hour.addingReportingOverflow(ahead)
            return overflow || !column.indices.contains(index) ? nil : column[index]
        }
    }
}
