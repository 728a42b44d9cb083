import BreezeModel
import BreezeVocabulary

/// Whether the hours the current AQI reads (`PollHours.currentWindowHours` up to and including
/// the current one) are whole: every hour has its row, and no pollutant is null in some of them
/// while it has values in others.
struct CurrentWindowCheck {
    /// Where the rows went on the grid.
    let rows: PollGridRows
    let currentSlot: Int
    /// Per pollutant, the slots whose value the reader accepted but the grid holds as missing
    /// (above `HourlyConcentrations.largestPlausibleValue`): values all the same here.
    let tooLarge: [Pollutant: [Int]]

    /// The first gap as a sentence naming the hours, nil when there is none.
    func problem(_ series: PollHours) -> String? {
        let window = max(0, currentSlot - PollHours.currentWindowHours + 1)...currentSlot
        let missing = window.filter { !rows.holds($0) }
        if let first = missing.first {
            return "hourly rows missing for \(Counted.text(missing.count, "hour")) of the "
                + "\(window.count) the current AQI reads, from \(TimeText.openMeteo(series.hour(at: first)))"
        }
        for pollutant in Pollutant.allCases {
            guard let column = series.concentrations.storedValues(pollutant) else { continue }
            let accepted = tooLarge[pollutant] ?? []
            let gaps = window.filter { column[$0].isNaN && !accepted.contains($0) }
            guard let first = gaps.first, gaps.count < window.count else { continue }
            return "\(pollutant.openMeteoVariable) has no value for \(Counted.text(gaps.count, "hour")) of the "
                + "\(window.count) the current AQI reads, from \(TimeText.openMeteo(series.hour(at: first)))"
        }
        return nil
    }
}
