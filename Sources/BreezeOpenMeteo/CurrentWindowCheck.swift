import BreezeModel
import BreezeVocabulary

/// Whether every hour the current AQI reads (`PollHours.currentWindowHours` up to and including
/// the current one) has its row. Rows missing (times left out, repeated, off the hours) leave
/// the hours of every pollutant unknown at once, so the window is unusable. A pollutant's own
/// missing values are not checked here: EPA's completeness rules (`AveragingMethod`) decide
/// whether it is still rated, and the others are rated without it.
struct CurrentWindowCheck {
    /// Whether a row holds each slot of the grid: the answer's (`PollGridRows.holds`), or
    /// the answer's and the kept hours' it was laid over.
    let holds: (Int) -> Bool
    let currentSlot: Int

    init(rows: PollGridRows, currentSlot: Int) {
        self.init(holds: rows.holds, currentSlot: currentSlot)
    }

    init(holds: @escaping (Int) -> Bool, currentSlot: Int) {
        self.holds = holds
        self.currentSlot = currentSlot
    }

    /// The hours without a row as a sentence naming the first, nil when there is none.
    func problem(_ series: PollHours) -> String? {
        let window = max(0, currentSlot - PollHours.currentWindowHours + 1)...currentSlot
        let missing = window.filter { !holds($0) }
        guard let first = missing.first else { return nil }
        return "hourly rows missing for \(Counted.text(missing.count, "hour")) of the "
            + "\(window.count) the current AQI reads, from \(TimeText.openMeteo(series.hour(at: first)))"
    }
}
