/// The checked hours a rating reads, copied once out of a series into one buffer: the
/// pollutants the series has a column for (in `AQIKey` order, as `CurrentAirQuality` rates
/// them), each over the same span of series indices. An hour outside the span, or outside the
/// series, is missing (nil), as the series itself gives it: so a span holding every hour a
/// rating reads (24 back for SO₂'s 24-hour mean, 8 ahead for a day's last 8-hour window) rates
/// exactly as the whole series would.
///
/// A forecast day and the current hour read each hour a dozen times (NowCast's 12 hours, the
/// 8- and 24-hour means); through this buffer that is an index, not an array built per hour.
/// The one place the ratings read `HourlyConcentrations`: `hourCount` and `column(_:)`.
struct HourGrid {
    /// The pollutants the series has a column for, in `PollutantAverage.ratingOrder`.
    let pollutants: [Pollutant]
    /// The series index of the span's first hour.
    let origin: Int
    /// How many hours each column holds.
    let width: Int
    // Pollutant-major: column `p` is `values[p * width ..< (p + 1) * width]`.
    private let values: [Double?]

    /// The hours of `series` in `span` (clamped to the series; an empty span holds none).
    init(_ series: HourlyConcentrations, span: Range<Int>) {
        let hourCount = series.hourCount
        let lower = min(max(span.lowerBound, 0), hourCount)
        let upper = max(min(span.upperBound, hourCount), lower)
        origin = lower
        width = upper - lower
        pollutants = PollutantAverage.ratingOrder.filter { series.column($0) != nil }
        var values: [Double?] = []
        values.reserveCapacity(width * pollutants.count)
        for pollutant in pollutants {
            // The column's hours in the span, then missing hours past a short column's end:
            // what `value(_:at:)` gives hour by hour, copied as one slice (measured: reading
            // `value(_:at:)` per hour cost 70 instructions a value, most of this type's cost).
            let column = series.column(pollutant) ?? []
            // Empty (and in the column's bounds) when the span starts past the column's end.
            let held = min(lower, column.count)..<min(upper, column.count)
            values += column[held]
            values += repeatElement(nil, count: width - held.count)
        }
        self.values = values
    }

    /// Every hour of `series`.
    init(_ series: HourlyConcentrations) {
        self.init(series, span: 0..<series.hourCount)
    }

    /// The span holding what rating the hours `hours` reads: their 24 trailing hours (and, with
    /// `ahead`, the hours after the last, as a day's last 8-hour window reads 7).
    static func span(rating hours: Range<Int>, ahead: Int = 0) -> Range<Int> {
        guard !hours.isEmpty else { return 0..<0 }
        return span(rating: hours.lowerBound...(hours.upperBound - 1), ahead: ahead)
    }

    /// `span(rating:ahead:)` of a closed range (one hour: `hour...hour`, even at `Int.max`).
    static func span(rating hours: ClosedRange<Int>, ahead: Int = 0) -> Range<Int> {
        let lower = hours.lowerBound.subtractingReportingOverflow(CurrentAirQuality.longestTrailingHours - 1)
        // One past the last hour read, saturating at Int.max (an hour no series reaches).
        let upper = hours.upperBound.addingReportingOverflow(ahead + 1)
        return (lower.overflow ? Int.min : lower.partialValue)..<(upper.overflow ? Int.max : upper.partialValue)
    }

    /// Calls `body` with each column of `pollutants` (in their order) viewed in place, and the
    /// offset that turns a series index into a column index (`hour &- origin`).
    func withColumns<Result>(_ body: (_ columns: [UnsafeBufferPointer<Double?>]) -> Result) -> Result {
        values.withUnsafeBufferPointer { buffer in
            let columns = pollutants.indices.map { position in
                UnsafeBufferPointer(rebasing: buffer[(position * width)..<((position + 1) * width)])
            }
            return body(columns)
        }
    }

    /// The position of `pollutant` in `pollutants`, nil without a column.
    func position(of pollutant: Pollutant) -> Int? {
        pollutants.firstIndex(of: pollutant)
    }

    /// Series index `hour` as an index into a column (wrapping, so an hour far outside lands
    /// outside the column, which every read checks).
    func columnIndex(_ hour: Int) -> Int { hour &- origin }
}
