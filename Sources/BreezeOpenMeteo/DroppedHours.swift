import BreezeModel
import BreezeVocabulary

/// The hourly values of one column that were dropped as no data (not a number, negative, above
/// `ReportedValue.largestConcentration`): each is a missing hour, like a null, and one sentence
/// names them all, whatever the reasons — so a value dropped never vanishes without a word.
struct DroppedHours {
    /// How many hours were dropped.
    private(set) var count = 0
    private var firstSlot: Int?
    // The first reason of each kind met (not a number, negative, too large), in the order met:
    // at most three, so the sentence stays short however many hours went.
    private var reasons: [(kind: Int, reason: DroppedValue)] = []

    /// Counts the hour at grid slot `slot`, whose `value` was dropped for `reason`.
    mutating func add(_ reason: DroppedValue, value: Double, slot: Int) {
        count += 1
        firstSlot = min(firstSlot ?? slot, slot)
        let kind = !value.isFinite ? 0 : value < 0 ? 1 : 2
        if !reasons.contains(where: { $0.kind == kind }) { reasons.append((kind, reason)) }
    }

    /// `pm2_5 dropped as missing for 3 hours, from 2026-08-20T09:00: pm2_5 -1 is negative and
    /// pm2_5 is not a number`; nil when nothing was dropped. `hour` gives a slot's hour.
    func sentence(_ variable: String, hour: (Int) -> Instant) -> String? {
        guard let firstSlot else { return nil }
        return "\(variable) dropped as missing for \(Counted.text(count, "hour")), from "
            + "\(TimeText.openMeteo(hour(firstSlot))): "
            + reasons.map(\.reason.description).joined(separator: " and ")
    }
}
