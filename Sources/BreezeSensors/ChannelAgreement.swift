/// EPA's rule for whether a dual-laser PurpleAir's two channels agree (USEPA sensortoolkit,
/// `qc/_purpleair_abcleaning.py`, after Barkjohn et al. 2021): a reading is invalid when the
/// channels differ by more than 5 µg/m³ **and** by more than 70 % of their mean. Agreeing within
/// either bound keeps it.
public enum ChannelAgreement {
    /// The absolute bound, µg/m³.
    public static let absoluteLimit = 5.0
    /// The relative bound, a fraction of the channels' mean.
    public static let relativeLimit = 0.70

    /// Nil when `a` and `b` (µg/m³, finite, not negative) agree; else why not, in one clause:
    /// "channels A and B disagree: 40.0 and 12.0 µg/m³".
    public static func disagreement(a: Double, b: Double) -> String? {
        let difference = abs(a - b)
        let mean = (a + b) / 2
        guard difference > absoluteLimit, mean <= 0 || difference / mean > relativeLimit else { return nil }
        return "channels A and B disagree: \(format(a)) and \(format(b)) µg/m³"
    }

    private static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        // Int() of a huge double traps; callers cap values at 1e9 first, this holds anyway.
        guard abs(tenths) < 1e15, tenths == tenths.rounded() else { return "\(tenths)" }
        return "\(Int(tenths)).0"
    }
}
