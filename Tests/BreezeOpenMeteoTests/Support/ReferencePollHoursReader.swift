import BreezeConfig
import BreezeModel
import BreezeVocabulary

@testable import BreezeOpenMeteo

/// The poll's hourly reader as it was before it read the block's stored values in one pass
/// (placing rows through a table and a set, checking each value again in
/// `HourlyConcentrations`): the reference the reader is held to, byte for byte.
struct ReferencePollHoursReader {
    let shape: PollRequestShape
    let currentHour: Instant

    /// The grid, and the sentences explaining why a current-hour value is missing (they join
    /// the reading's dropped values, as when the values came in `current`).
    func read(_ payload: LocationPayload) -> (series: PollHours, currentDrops: [String]) {
        let first = currentHour - .seconds(3600 * shape.pastHours)
        let count = shape.pastHours + shape.forecastHours
        var columns: [Pollutant: [Double?]] = Dictionary(
            uniqueKeysWithValues: shape.hourly.map { ($0, Array(repeating: nil, count: count)) })
        var series = PollHours(
            firstHour: first, currentHour: currentHour, hourCount: count,
            concentrations: HourlyConcentrations(columns), lastHourReceived: nil)
        func unusable(_ problem: String) -> (PollHours, [String]) {
            series.problems.append(problem)
            series.currentWindowProblem = problem
            return (series, shape.hourly.map { "\($0.openMeteoVariable): \(problem)" })
        }
        // So far from 1970 that hours no longer differ in a Double: no grid, and no trap.
        guard let currentSlot = series.index(of: currentHour) else {
            return unusable("'current.time' is too far from the present for an hourly grid")
        }
        guard let hourly = payload.hourly else { return unusable("no 'hourly' object") }
        guard let times = hourly.unixTimes else {
            return unusable(hourly.time.isEmpty ? "'hourly' has no hours" : "'hourly.time' came as text, not unix times")
        }
        let rows = placeRows(times, first: first, count: count, problems: &series.problems)
        let lastSlot = rows.compactMap { $0 }.max()
        series.lastHourReceived = lastSlot.map(series.hour(at:))
        reportGaps(rows, count: count, series: &series)

        var currentDrops: [String] = []
        var refused: [String] = []
        if !rows.contains(currentSlot) {
            let missing = "no hourly row for the current hour \(TimeText.openMeteo(currentHour))"
            currentDrops = shape.hourly.map { "\($0.openMeteoVariable): \(missing)" }
        }
        for pollutant in shape.hourly {
            let variable = pollutant.openMeteoVariable
            let column: [Double?]
            switch checkedColumn(variable, hourly: hourly, units: payload.hourlyUnits, rows: times.count) {
            case .success(let checked): column = checked
            case .failure(let problem):
                // A column refused whole explains its current value too.
                series.problems.append(problem.text)
                currentDrops.append(problem.text)
                refused.append(problem.text)
                continue
            }
            var values = columns[pollutant]!
            var dropped = DroppedHours()
            var nullSlots: [Int] = []
            for (row, value) in column.enumerated() {
                guard let slot = rows[row] else { continue }
                guard let value else {
                    nullSlots.append(slot)
                    continue
                }
                switch ReportedValue.concentration(value, variable: variable) {
                case .success(let checked): values[slot] = checked
                case .failure(let reason):
                    dropped.add(reason, value: value, slot: slot)
                    if slot == currentSlot { currentDrops.append(reason.description) }
                }
            }
            if let sentence = dropped.sentence(variable, hour: series.hour(at:)) { series.problems.append(sentence) }
            reportNulls(variable, values, nullSlots: nullSlots, anyRow: lastSlot != nil, series: &series)
            columns[pollutant] = values
        }
        series.concentrations = HourlyConcentrations(columns)
        series.currentWindowProblem = refused.first
            ?? ReferenceCurrentWindowCheck(rows: rows, currentSlot: currentSlot, columns: columns).problem(series)
        return (series, currentDrops)
    }

    /// Each row's grid slot, nil for a row that is off the grid, outside the window asked, or
    /// shares its hour with another row (which of the two holds that hour is unknown).
    private func placeRows(_ times: [Double], first: Instant, count: Int, problems: inout [String]) -> [Int?] {
        var rows: [Int?] = Array(repeating: nil, count: times.count)
        var rowOfSlot: [Int: Int] = [:]
        var shared: Set<Int> = []
        var offGrid = 0
        var outside = 0
        var disorder: (row: Int, time: Double, after: Double)?
        var latest = -Double.infinity
        for (row, time) in times.enumerated() {
            if time <= latest, disorder == nil { disorder = (row, time, latest) }
            latest = max(latest, time)
            let offset = (time - first.unixSeconds) / 3600
            guard offset == offset.rounded() else {
                offGrid += 1
                continue
            }
            guard offset >= 0, offset < Double(count) else {
                outside += 1
                continue
            }
            let slot = Int(offset)
            if let other = rowOfSlot[slot] {
                shared.insert(slot)
                rows[other] = nil
                continue
            }
            rowOfSlot[slot] = row
            rows[row] = slot
        }
        if let disorder {
            problems.append(
                "hourly times out of order: row \(disorder.row + 1) (\(text(disorder.time))) comes after "
                    + "\(text(disorder.after)); each row is placed by its own time")
        }
        if !shared.isEmpty {
            problems.append("hourly times repeat for \(shared.count) hours, from \(text(first.unixSeconds + 3600 * Double(shared.min()!))); those hours have no data")
        }
        if offGrid > 0 { problems.append("\(offGrid) hourly times are not whole hours of the window; their rows are ignored") }
        if outside > 0 { problems.append("\(outside) hourly times lie outside the \(count) hours asked; their rows are ignored") }
        return rows
    }

    /// Hours with no row: gaps before the last row received, and a forecast ending early.
    private func reportGaps(_ rows: [Int?], count: Int, series: inout PollHours) {
        let present = Set(rows.compactMap { $0 })
        guard let last = present.max() else {
            series.problems.append("'hourly' has no row within the \(count) hours asked")
            return
        }
        var slot = 0
        while slot < last {
            guard !present.contains(slot) else {
                slot += 1
                continue
            }
            var end = slot
            while end + 1 < last, !present.contains(end + 1) { end += 1 }
            let hours = end - slot + 1
            series.problems.append(
                "hourly rows missing for \(hours) hour\(hours == 1 ? "" : "s") from \(text(series.hour(at: slot).unixSeconds))")
            slot = end + 1
        }
        if last < count - 1 {
            let ahead = last - shape.pastHours
            series.problems.append(
                "hourly ends at \(text(series.hour(at: last).unixSeconds)), \(ahead) hours after the current hour; "
                    + "\(shape.forecastHours - 1) were asked")
        }
    }

    /// Nulls amid values (before the column's last value), as runs; nulls after it are the
    /// model's horizon, not a problem. Values refused as implausible were reported already.
    private func reportNulls(
        _ variable: String, _ values: [Double?], nullSlots: [Int], anyRow: Bool, series: inout PollHours
    ) {
        guard let last = values.lastIndex(where: { $0 != nil }) else {
            if anyRow { series.problems.append("\(variable) has no value in any hour") }
            return
        }
        let amid = nullSlots.filter { $0 < last }
        if let firstNull = amid.min() {
            series.problems.append(
                "\(variable) null for \(amid.count) hour\(amid.count == 1 ? "" : "s") amid values, from "
                    + text(series.hour(at: firstNull).unixSeconds))
        }
    }

    /// The column of `variable` when its unit and length are right, else why not.
    private func checkedColumn(
        _ variable: String, hourly: LocationPayload.Series, units: [String: String], rows: Int
    ) -> Result<[Double?], ReferenceColumnProblem> {
        guard let column = hourly.columns[variable] else {
            let malformed = hourly.malformed.contains(variable)
            return .failure(ReferenceColumnProblem(malformed ? "\(variable) is not a list of numbers" : "no hourly \(variable)"))
        }
        if let problem = AirQualityVariables.unitProblem(variable: variable, unit: units[variable]) {
            return .failure(ReferenceColumnProblem(problem))
        }
        guard column.count == rows else {
            return .failure(ReferenceColumnProblem("\(variable) has \(column.count) values for \(rows) hours; none is used"))
        }
        return .success(column)
    }

    private func text(_ unixSeconds: Double) -> String { TimeText.openMeteo(Instant(unixSeconds: unixSeconds)) }
}


struct ReferenceColumnProblem: Error {
    var text: String
    init(_ text: String) { self.text = text }
}


/// Whether every hour the current AQI reads has its row (a pollutant's own gaps are left to
/// the completeness rules).
struct ReferenceCurrentWindowCheck {
    /// Each row's grid slot (nil: the row was not placed).
    let rows: [Int?]
    let currentSlot: Int
    /// The placed, checked values per pollutant.
    let columns: [Pollutant: [Double?]]

    /// The hours without a row as a sentence naming the first, nil when there is none.
    func problem(_ series: PollHours) -> String? {
        let window = max(0, currentSlot - PollHours.currentWindowHours + 1)...currentSlot
        let present = Set(rows.compactMap { $0 })
        let missing = window.filter { !present.contains($0) }
        guard let first = missing.first else { return nil }
        return "hourly rows missing for \(Counted.text(missing.count, "hour")) of the "
            + "\(window.count) the current AQI reads, from \(TimeText.openMeteo(series.hour(at: first)))"
    }
}

/// `PollConditions.init` as it was, on the reference reader: what the poll made of an element.
func referencePollConditions(
    _ payload: LocationPayload, requested: Coordinate, shape: PollRequestShape
) throws(FetchError) -> PollConditions {
    var current = try CurrentConditions(payload, requested: requested)
    guard let seconds = payload.current?.unixTime else {
        throw .invalidLocation("'current.time' is not a unix time")
    }
    let currentHour = Instant(unixSeconds: (seconds / 3600).rounded(.down) * 3600)
    let (hourly, drops) = ReferencePollHoursReader(shape: shape, currentHour: currentHour).read(payload)
    for pollutant in shape.hourly {
        if let value = hourly.value(pollutant, at: currentHour) { current.reading.concentrations[pollutant] = value }
    }
    current.rejectedValues += drops
    let subIndices = current.reading.subIndices
    if let aqi = current.reading.usAQI, let highest = subIndices.values.max(), highest < aqi {
        current.reading.subIndices = [:]
    }
    // The cell is not the readers' business: taken as the poll takes it.
    return PollConditions(
        current: current, hourly: hourly,
        gridCell: GridCell(answeredLatitude: payload.latitude, longitude: payload.longitude))
}
