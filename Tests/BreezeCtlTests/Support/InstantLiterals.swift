import BreezeVocabulary

/// Tests write instants as unix-second literals: `1000` is `Instant(unixSeconds: 1000)`.
extension Instant: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int64) { self.init(unixSeconds: Double(value)) }
    public init(floatLiteral value: Double) { self.init(unixSeconds: value) }
}
