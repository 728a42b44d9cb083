import BreezeConfig
import BreezeModel
import BreezeVocabulary

/// Places one element's `hourly` block on the grid a poll asked for, checking it as it goes:
/// each row by its own time (`PollGridRows`), each column by its unit, length and values,
/// each value once, straight into the grid's `HourlyConcentrations`.
///
/// With `kept` (a poll asking only the recent hours, `PollRequestShape.recent`), the answer is
/// read and judged against what was asked, then laid over the city's kept hours: the grid is
/// the one a poll of `KeptHours.slotCount - 1` past hours gives, each hour the answer has a row
/// for from the answer (a revision wins), the others from the kept hours, the rest missing.
struct PollHoursReader {
    let shape: PollRequestShape
    let currentHour: Instant
    var kept: KeptHours? = nil

    /// The grid, and the sentences explaining why a current-hour value is missing (they join
    /// the reading's dropped values, as when the values came in `current`).
    func read(_ payload: LocationPayload) -> (series: PollHours, currentDrops: [String]) {
        var rows: PollGridRows?
        var refusal: String?
        let (own, drops) = readAsked(payload, rows: &rows, refusal: &refusal)
        guard let kept else { return (own, drops) }
        return (laid(own, rows: rows, refusal: refusal, over: kept), drops)
    }

    /// `own` (the grid asked for, where `rows` placed the answer's rows) laid over `kept`. The
    /// current window is checked again over both; a refused column, or an answer without
    /// hours (`refusal`), leaves it unusable as it was.
    private func laid(_ own: PollHours, rows: PollGridRows?, refusal: String?, over kept: KeptHours) -> PollHours {
        let pastHours = KeptHours.slotCount - 1
        let shift = pastHours - shape.pastHours
        let count = pastHours + shape.forecastHours
        let first = currentHour - .seconds(3600 * pastHours)
        guard shift >= 0, let firstHour = KeptHours.unixHour(first) else { return own }
        func ownSlot(_ slot: Int) -> Int? {
            let mine = slot - shift
            guard mine >= 0, mine < own.hourCount, let rows, rows.holds(mine) else { return nil }
            return mine
        }
        var held = [Bool](repeating: false, count: count)
        for slot in 0..<count { held[slot] = ownSlot(slot) != nil || kept.holds(hour: firstHour + slot) }
        var columns = [Pollutant: [Double]](minimumCapacity: shape.hourly.count)
        for pollutant in shape.hourly {
            let answered = own.concentrations.storedValues(pollutant)
            var values = [Double](repeating: .nan, count: count)
            for slot in 0..<count {
                if let mine = ownSlot(slot) {
                    values[slot] = answered.map { mine < $0.count ? $0[mine] : .nan } ?? .nan
                } else if let value = kept.value(pollutant, hour: firstHour + slot) {
                    values[slot] = value
                }
            }
            columns[pollutant] = values
        }
        var series = PollHours(
            firstHour: first, currentHour: currentHour, hourCount: count,
            concentrations: HourlyConcentrations(checked: columns, implausibleHours: 0),
            lastHourReceived: own.lastHourReceived, problems: own.problems)
        series.currentWindowProblem = refusal
            ?? CurrentWindowCheck(holds: { held[$0] }, currentSlot: pastHours).problem(series)
        return series
    }

    /// The grid asked for (`shape`), `rows` where its rows went (nil: none was placed), and
    /// `refusal` the reason the current window is unusable whatever the kept hours hold.
    private func readAsked(_ payload: LocationPayload, rows placed: inout PollGridRows?, refusal: inout String?)
        -> (series: PollHours, currentDrops: [String])
    {
        let first = currentHour - .seconds(3600 * shape.pastHours)
        let count = shape.pastHours + shape.forecastHours
        let noData = [Double](repeating: .nan, count: count)
        var checked = [Pollutant: [Double]](minimumCapacity: shape.hourly.count)
        for pollutant in shape.hourly { checked[pollutant] = noData }
        var series = PollHours(
            firstHour: first, currentHour: currentHour, hourCount: count,
            concentrations: HourlyConcentrations(checked: checked, implausibleHours: 0), lastHourReceived: nil)
        func unusable(_ problem: String) -> (PollHours, [String]) {
            series.problems.append(problem)
            series.currentWindowProblem = problem
            refusal = problem
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
        let rows = PollGridRows(times: times, first: first, count: count, problems: &series.problems)
        placed = rows
        series.lastHourReceived = rows.lastSlot.map(series.hour(at:))
        rows.reportGaps(count: count, shape: shape, series: &series)

        var currentDrops: [String] = []
        var refused: [String] = []
        if !rows.holds(currentSlot) {
            let missing = "no hourly row for the current hour \(TimeText.openMeteo(currentHour))"
            currentDrops = shape.hourly.map { "\($0.openMeteoVariable): \(missing)" }
        }
        for pollutant in shape.hourly {
            let variable = pollutant.openMeteoVariable
            let column: ArraySlice<Double>
            switch checkedColumn(variable, hourly: hourly, units: payload.hourlyUnits, rows: times.count) {
            case .success(let stored): column = stored
            case .failure(let problem):
                // A column refused whole explains its current value too.
                series.problems.append(problem.text)
                currentDrops.append(problem.text)
                refused.append(problem.text)
                continue
            }
            var values = noData
            var dropped = DroppedHours()
            var nullSlots: [Int] = []
            var lastValueSlot: Int?
            func place(_ value: Double, row: Int) {
                guard let slot = rows.slot(ofRow: row) else { return }
                guard !value.isNaN else {
                    nullSlots.append(slot)
                    return
                }
                // Checked once, by the rules every reported concentration meets.
                switch ReportedValue.concentration(value, variable: variable) {
                case .success(let checked):
                    values[slot] = checked
                    lastValueSlot = max(lastValueSlot ?? slot, slot)
                case .failure(let reason):
                    dropped.add(reason, value: value, slot: slot)
                    if slot == currentSlot { currentDrops.append(reason.description) }
                }
            }
            if rows.isExactGrid {
                // Row i is slot i: the plausible values in one tight pass, the rest (nulls,
                // refused values), rare, through `place` in row order.
                var others: [Int] = []
                var last = -1
                column.withUnsafeBufferPointer { source in
                    values.withUnsafeMutableBufferPointer { target in
                        for row in 0..<source.count {
                            let value = source[row]
                            if value >= 0, value <= ReportedValue.largestConcentration {
                                target[row] = value
                                last = row
                            } else {
                                others.append(row)
                            }
                        }
                    }
                }
                if last >= 0 { lastValueSlot = last }
                for row in others { place(column[column.startIndex + row], row: row) }
            } else {
                for (row, value) in zip(0..., column) { place(value, row: row) }
            }
            if let sentence = dropped.sentence(variable, hour: series.hour(at:)) { series.problems.append(sentence) }
            reportNulls(
                variable, lastValueSlot: lastValueSlot, nullSlots: nullSlots, currentSlot: currentSlot,
                anyRow: rows.lastSlot != nil, series: &series)
            checked[pollutant] = values
        }
        series.concentrations = HourlyConcentrations(checked: checked, implausibleHours: 0)
        // Only a refused column or hours without their rows make the window unusable: a
        // pollutant's missing hours are its own, and `CurrentAirQuality`'s completeness rules
        // decide whether it is still rated.
        refusal = refused.first
        series.currentWindowProblem = refused.first
            ?? CurrentWindowCheck(rows: rows, currentSlot: currentSlot).problem(series)
        return (series, currentDrops)
    }

    /// Nulls amid values (before the column's last value, `lastValueSlot`, or at or before the
    /// current hour), as runs; nulls after both are the model's horizon, not a problem. Values
    /// dropped were reported already.
    private func reportNulls(
        _ variable: String, lastValueSlot: Int?, nullSlots: [Int], currentSlot: Int, anyRow: Bool,
        series: inout PollHours
    ) {
        guard let last = lastValueSlot else {
            if anyRow { series.problems.append("\(variable) has no value in any hour") }
            return
        }
        // The model's values go on after the current hour, also when a poll asks for none of
        // them (`PollRequestShape.withoutForecast`): a null up to it is never the horizon.
        let amid = nullSlots.filter { $0 < last || $0 <= currentSlot }
        if let firstNull = amid.min() {
            series.problems.append(
                "\(variable) null for \(amid.count) hour\(amid.count == 1 ? "" : "s") amid values, from "
                    + text(series.hour(at: firstNull).unixSeconds))
        }
    }

    /// The column of `variable` as stored (NaN for a null) when its unit and length are
    /// right, else why not.
    private func checkedColumn(
        _ variable: String, hourly: LocationPayload.Series, units: [String: String], rows: Int
    ) -> Result<ArraySlice<Double>, ColumnProblem> {
        guard let column = hourly.storedColumn(variable) else {
            let malformed = hourly.malformed.contains(variable)
            return .failure(ColumnProblem(malformed ? "\(variable) is not a list of numbers" : "no hourly \(variable)"))
        }
        if let problem = AirQualityVariables.unitProblem(variable: variable, unit: units[variable]) {
            return .failure(ColumnProblem(problem))
        }
        guard column.count == rows else {
            return .failure(ColumnProblem("\(variable) has \(column.count) values for \(rows) hours; none is used"))
        }
        return .success(column)
    }

    private func text(_ unixSeconds: Double) -> String { TimeText.openMeteo(Instant(unixSeconds: unixSeconds)) }
}

/// Why a whole hourly column was refused, as a sentence starting with its variable.
struct ColumnProblem: Error {
    var text: String
    init(_ text: String) { self.text = text }
}
