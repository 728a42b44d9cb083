import BreezeModel
import BreezeVocabulary

/// Whether the hours the current AQI reads (`PollHours.currentWindowHours` up to and including
/// the current one) are whole: every hour has its row, and no pollutant is null in some of them
/// while it has values in others.
struct CurrentWindowCheck {
    /// Each row's grid slot (nil: the row was not placed).
    let rows: [Int?]
    let currentSlot: Int
    /// The placed, checked values per pollutant.
    let columns: [Pollutant: [Double?]]

    /// The first gap as a sentence naming the hours, nil when there is none.
    func problem(_ series: PollHours) -> String? {
        let window = max(0, currentSlot - PollHours.currentWindowHours + 1)...currentSlot
        let present = Set(rows.compactMap { $0 })
        let missing = window.filter { !present.contains($0) }
        if let first = missing.first {
            return "hourly rows missing for \(Counted.text(missing.count, "hour")) of the "
                + "\(window.count) the current AQI reads, from \(TimeText.openMeteo(series.hour(at: first)))"
        }
        for pollutant in Pollutant.allCases {
            guard let column = columns[pollutant] else { continue }
            let gaps = window.filter { column[$0] == nil }
            guard let first = gaps.first, gaps.count < window.count else { continue }
            return "\(pollutant.openMeteoVariable) has no value for \(Counted.text(gaps.count, "hour")) of the "
                + "\(window.count) the current AQI reads, from \(TimeText.openMeteo(series.hour(at: first)))"
        }
        return nil
    }
}
