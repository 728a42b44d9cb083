/// The one conversion between `Duration` and seconds as a `Double`.
extension Duration {
    /// The span in seconds, fractions included.
    public var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }

    /// A span of `seconds` (fractions kept to the nanosecond); non-finite values give zero.
    public init(seconds: Double) {
        guard seconds.isFinite else {
            self = .zero
            return
        }
        let clamped = min(max(seconds, -9e9), 9e9)
        self = .nanoseconds(Int64((clamped * 1e9).rounded()))
    }
}
