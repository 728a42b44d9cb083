/// The exact conversion of a µg/m³ value counted in millionths (an average rounded to 6
/// decimals, as `AveragingMethod.concentration` rounds it) into one key's truncation steps
/// (0.001 ppm for O₃, 1 ppb for NO₂, 0.1 µg/m³ for PM2.5).
///
/// The same rational arithmetic as `SubIndex` — µg/m³ × 24.45 / MW from
/// `Pollutant.partsPerBillionFactor`, then truncation toward zero — with the factors
/// multiplied out once, so rating every hour of a series builds no decimals and gives the
/// steps, and so the outcome, `SubIndex` gives.
struct MicrogramSteps: Sendable {
    /// The key converted to.
    let key: AQIKey
    private let numerator: Int128
    private let denominator: Int128
    // The same factors in 64 bits (they fit for every key: the largest is 4.8·10¹²), for the
    // usual case where the product fits too; a 128-bit division costs several times as much.
    private let smallNumerator: Int64
    private let smallDenominator: Int64

    /// The conversion from µg/m³ millionths to `key`'s steps.
    init(_ key: AQIKey) {
        let pollutant = key.pollutant
        // Every pollutant takes µg/m³, and every key's table unit applies to its pollutant.
        let source = pollutant.partsPerBillionFactor(.microgramsPerCubicMetre)!
        let target = pollutant.partsPerBillionFactor(key.tableUnit)!
        self.key = key
        numerator = source.numerator * target.denominator * ExactRatio.powerOfTen(key.truncationFractionDigits)
        denominator = ExactRatio.powerOfTen(6) * source.denominator * target.numerator
        smallNumerator = Int64(numerator)
        smallDenominator = Int64(denominator)
    }

    /// `millionths` µg/m³ (not negative) truncated to steps of `key`'s table unit; clamped as
    /// `ExactRatio.truncated` clamps (never reached for checked hours, at most 10¹⁵ millionths).
    func steps(millionths: Int64) -> Int64 {
        let (product, overflow) = millionths.multipliedReportingOverflow(by: smallNumerator)
        if !overflow { return product / smallDenominator }
        return Int64(clamping: Int128(millionths) * numerator / denominator)
    }

    /// The outcome `SubIndex` gives for `millionths` µg/m³ of `key`.
    func outcome(millionths: Int64) -> SubIndexOutcome {
        SubIndex.rate(key: key, steps: steps(millionths: millionths))
    }
}
