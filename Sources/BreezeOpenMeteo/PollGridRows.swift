import BreezeConfig
import BreezeVocabulary

/// Where each row of a poll's hourly block goes on the grid it asked for: each row by its own
/// time, so order does not matter, and an hour two rows claim is no data (which of the two
/// holds it is unknown). The normal answer, every hour of the grid once and in order, is
/// recognised in one pass and kept as such; any other goes through the general placing.
struct PollGridRows {
    /// Whether row `i` holds slot `i` for every slot of the grid, and no row is left over.
    let isExactGrid: Bool
    /// The grid slot the response's last placed row holds, nil when no row was placed.
    let lastSlot: Int?
    // Off the exact grid: each row's slot (-1: not placed), and per slot whether a row holds it.
    private let slotOfRow: [Int]
    private let held: [Bool]

    /// Places the rows of `times` (unix seconds) on `count` hours from `first`, adding to
    /// `problems` what was wrong: times out of order, repeated, off the hours or outside them.
    init(times: [Double], first: Instant, count: Int, problems: inout [String]) {
        let start = first.unixSeconds
        var exact = count > 0 && times.count == count
        if exact {
            // The same arithmetic as the general placing below, so both agree on every time.
            for (row, time) in times.enumerated() where (time - start) / 3600 != Double(row) {
                exact = false
                break
            }
        }
        isExactGrid = exact
        if exact {
            lastSlot = count - 1
            slotOfRow = []
            held = []
            return
        }
        var slotOfRow = [Int](repeating: -1, count: times.count)
        var rowOfSlot = [Int](repeating: -1, count: count)
        var shared = [Bool](repeating: false, count: count)
        var sharedCount = 0
        var firstShared: Int?
        var offGrid = 0
        var outside = 0
        var disorder: (row: Int, time: Double, after: Double)?
        var latest = -Double.infinity
        for (row, time) in times.enumerated() {
            if time <= latest, disorder == nil { disorder = (row, time, latest) }
            latest = max(latest, time)
            let offset = (time - start) / 3600
            guard offset == offset.rounded() else {
                offGrid += 1
                continue
            }
            guard offset >= 0, offset < Double(count) else {
                outside += 1
                continue
            }
            let slot = Int(offset)
            let other = rowOfSlot[slot]
            if other >= 0 {
                if !shared[slot] {
                    shared[slot] = true
                    sharedCount += 1
                    firstShared = min(firstShared ?? slot, slot)
                }
                slotOfRow[other] = -1
                continue
            }
            rowOfSlot[slot] = row
            slotOfRow[row] = slot
        }
        func text(_ unixSeconds: Double) -> String { TimeText.openMeteo(Instant(unixSeconds: unixSeconds)) }
        if let disorder {
            problems.append(
                "hourly times out of order: row \(disorder.row + 1) (\(text(disorder.time))) comes after "
                    + "\(text(disorder.after)); each row is placed by its own time")
        }
        if let firstShared {
            problems.append("hourly times repeat for \(sharedCount) hours, from \(text(start + 3600 * Double(firstShared))); those hours have no data")
        }
        if offGrid > 0 { problems.append("\(offGrid) hourly times are not whole hours of the window; their rows are ignored") }
        if outside > 0 { problems.append("\(outside) hourly times lie outside the \(count) hours asked; their rows are ignored") }
        var held = [Bool](repeating: false, count: count)
        var last: Int?
        for slot in slotOfRow where slot >= 0 {
            held[slot] = true
            last = max(last ?? slot, slot)
        }
        self.slotOfRow = slotOfRow
        self.held = held
        lastSlot = last
    }

    /// The slot row `row` holds, nil when it holds none.
    @inline(__always) func slot(ofRow row: Int) -> Int? {
        if isExactGrid { return row }
        let slot = slotOfRow[row]
        return slot >= 0 ? slot : nil
    }

    /// Whether a row holds `slot` (a slot of the grid).
    @inline(__always) func holds(_ slot: Int) -> Bool { isExactGrid || held[slot] }

    /// Hours with no row: gaps before the last row received, and a forecast ending early.
    func reportGaps(count: Int, shape: PollRequestShape, series: inout PollHours) {
        guard let last = lastSlot else {
            series.problems.append("'hourly' has no row within the \(count) hours asked")
            return
        }
        if isExactGrid { return }
        func text(_ unixSeconds: Double) -> String { TimeText.openMeteo(Instant(unixSeconds: unixSeconds)) }
        var slot = 0
        while slot < last {
            guard !held[slot] else {
                slot += 1
                continue
            }
            var end = slot
            while end + 1 < last, !held[end + 1] { end += 1 }
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
}
