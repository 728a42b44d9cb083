/// Hourly concentrations in µg/m³ (Open-Meteo's unit for all six pollutants), one column per
/// pollutant, oldest hour first: index `i` is the same hour in every column (`times[i]` of the
/// response). The ground for the current AQI and the daily forecast AQI.
///
/// Every hour is checked on the way in: a value that is not a number, negative, or above
/// `largestPlausibleValue` is a missing hour (nil), never zero and never a trap. Asking for an
/// hour outside a column (before index 0, past a short column's end, `Int.min`) gives a missing
/// hour too, so a column of the wrong length only ever lacks hours.
public struct HourlyConcentrations: Sendable, Hashable {
    /// The largest hour kept: `ReportedValue.largestConcentration` (10⁹ µg/m³, 1 kg/m³).
    public static let largestPlausibleValue = ReportedValue.largestConcentration

    /// How many hours were given but are not data (NaN, negative, above the plausible), over
    /// all columns.
    public let implausibleHours: Int
    // The checked columns by `Pollutant.position`, 8 bytes an hour: NaN is a missing hour (no
    // checked value is NaN). Every hourly AQI reads them about a dozen times, and a dictionary
    // lookup would hash the pollutant's name each time.
    private let valuesByPosition: [[Double]?]

    /// Checks every hour of `columns` (µg/m³, oldest first, nil for a missing hour).
    public init(_ columns: [Pollutant: [Double?]]) {
        var implausible = 0
        var checked = [[Double]?](repeating: nil, count: Pollutant.allCases.count)
        for (pollutant, column) in columns {
            checked[pollutant.position] = column.map { hour in
                guard let hour else { return .nan }
                if let value = Self.plausible(hour) { return value }
                implausible += 1
                return .nan
            }
        }
        valuesByPosition = checked
        implausibleHours = implausible
    }

    /// Columns already checked by the caller (each value plausible, NaN for a missing hour),
    /// taken as they are: the poll's reader checks every value once as it places it.
    public init(checked columns: [Pollutant: [Double]], implausibleHours: Int) {
        var byPosition = [[Double]?](repeating: nil, count: Pollutant.allCases.count)
        for (pollutant, column) in columns { byPosition[pollutant.position] = column }
        valuesByPosition = byPosition
        self.implausibleHours = implausibleHours
    }

    private init(valuesByPosition: [[Double]?], implausibleHours: Int) {
        self.valuesByPosition = valuesByPosition
        self.implausibleHours = implausibleHours
    }

    /// The same columns as `HourlyConcentrations(columns)` makes of them: equal values, and no
    /// hour left to count as implausible (the storage is shared, not copied).
    public var checkedAgain: HourlyConcentrations {
        HourlyConcentrations(valuesByPosition: valuesByPosition, implausibleHours: 0)
    }

    /// The checked columns, oldest hour first; nil for a missing hour. Built on each call: the
    /// accessors below read the stored columns without building anything.
    public var columns: [Pollutant: [Double?]] {
        var columns: [Pollutant: [Double?]] = [:]
        for pollutant in Pollutant.allCases {
            guard let column = column(pollutant) else { continue }
            columns[pollutant] = Array(column)
        }
        return columns
    }

    /// How many hours the series spans: its longest column's length (a shorter column lacks
    /// the hours past its end); 0 without columns.
    public var hourCount: Int { valuesByPosition.lazy.compactMap { $0?.count }.max() ?? 0 }

    /// Whether the series has a column for `pollutant` (all of it may be missing hours).
    public func hasColumn(_ pollutant: Pollutant) -> Bool { valuesByPosition[pollutant.position] != nil }

    /// The last hour with a value of `pollutant`, nil without one.
    public func lastHourWithValue(_ pollutant: Pollutant) -> Int? {
        valuesByPosition[pollutant.position]?.lastIndex { !$0.isNaN }
    }

    /// The checked column of `pollutant`, nil when the series has none.
    func column(_ pollutant: Pollutant) -> ConcentrationColumn? {
        valuesByPosition[pollutant.position].map(ConcentrationColumn.init(values:))
    }

    /// The checked column of `pollutant` as stored, NaN for a missing hour.
    public func storedValues(_ pollutant: Pollutant) -> [Double]? { valuesByPosition[pollutant.position] }

    /// `value` when it is a concentration (finite, not negative, at most
    /// `largestPlausibleValue`), nil otherwise.
    public static func plausible(_ value: Double) -> Double? {
        guard case .success(let checked) = ReportedValue.concentration(value, variable: "value") else { return nil }
        return checked
    }

    /// The value of `pollutant` at `hour`, nil when missing or outside the column.
    public func value(_ pollutant: Pollutant, at hour: Int) -> Double? {
        guard let column = valuesByPosition[pollutant.position], column.indices.contains(hour) else {
            return nil
        }
        let value = column[hour]
        return value.isNaN ? nil : value
    }

    /// Whether `pollutant` has a value in any hour of `hours`.
    func hasAnyValue(_ pollutant: Pollutant, in hours: Range<Int>) -> Bool {
        guard let column = valuesByPosition[pollutant.position] else { return false }
        let overlap = hours.clamped(to: column.indices)
        return column[overlap].contains { !$0.isNaN }
    }

    /// `count` hours of `pollutant` ending at `hour`, **newest first** (NowCast's order): element
    /// 0 is `hour`, element 1 the hour before, …; missing hours are nil.
    func hours(_ pollutant: Pollutant, endingAt hour: Int, count: Int) -> [Double?] {
        let column = valuesByPosition[pollutant.position] ?? []
        return (0..<max(0, count)).map { back in
            let (index, overflow) = hour.subtractingReportingOverflow(back)
            return overflow || !column.indices.contains(index) || column[index].isNaN ? nil : column[index]
        }
    }

    /// `count` hours of `pollutant` starting at `hour`, oldest first; missing hours are nil.
    func hours(_ pollutant: Pollutant, startingAt hour: Int, count: Int) -> [Double?] {
        let column = valuesByPosition[pollutant.position] ?? []
        return (0..<max(0, count)).map { ahead in
            let (index, overflow) = hour.addingReportingOverflow(ahead)
            return overflow || !column.indices.contains(index) || column[index].isNaN ? nil : column[index]
        }
    }

    public static func == (left: HourlyConcentrations, right: HourlyConcentrations) -> Bool {
        guard left.implausibleHours == right.implausibleHours else { return false }
        return zip(left.valuesByPosition, right.valuesByPosition).allSatisfy { pair in
            switch pair {
            case (nil, nil): true
            case (let one?, let other?):
                one.count == other.count && zip(one, other).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
            default: false
            }
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(implausibleHours)
        for column in valuesByPosition {
            guard let column else {
                hasher.combine(-1)
                continue
            }
            hasher.combine(column.count)
            // Every missing hour alike; 0 and -0 alike, as `==` has them.
            for value in column { hasher.combine(value.isNaN ? Double.infinity : value) }
        }
    }
}

/// One checked column of `HourlyConcentrations`, read as optionals (nil: a missing hour)
/// straight from its stored values, nothing copied.
public struct ConcentrationColumn: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    /// The stored values, NaN for a missing hour.
    public let values: [Double]

    init(values: [Double]) { self.values = values }

    public init(arrayLiteral hours: Double?...) { values = hours.map { $0 ?? .nan } }

    public var startIndex: Int { 0 }
    public var endIndex: Int { values.count }
    public subscript(hour: Int) -> Double? {
        let value = values[hour]
        return value.isNaN ? nil : value
    }
}
