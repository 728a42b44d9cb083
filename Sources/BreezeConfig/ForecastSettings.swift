/// Which forecast AQI makes a forecast alert (`ForecastThreshold=`).
public enum ForecastThreshold: Sendable, Equatable, CustomStringConvertible {
    /// The city's `Threshold=` (the default).
    case sameAsAlert
    /// No forecast alerts (`off`).
    case off
    /// A band or an AQI of its own.
    case at(AlertThreshold)

    /// `threshold` resolved against the alert threshold: nil when off.
    public func resolved(alert: AlertThreshold) -> AlertThreshold? {
        switch self {
        case .sameAsAlert: alert
        case .off: nil
        case .at(let threshold): threshold
        }
    }

    /// As written in the configuration (`threshold` for the default).
    public var description: String {
        switch self {
        case .sameAsAlert: "threshold"
        case .off: "off"
        case .at(let threshold): threshold.description
        }
    }
}

/// The forecast ("Action Day") keys of `[Alert]`, each overridable per city.
public struct ForecastSettings: Sendable, Equatable {
    /// The forecast AQI at which a coming day is announced. Default the city's `Threshold=`.
    public var threshold: ForecastThreshold
    /// Minutes after local midnight (the city's time zone) from which the day's heads-up is
    /// decided, at the first poll at or after it. Default 16:00: the afternoon, before people
    /// make their evening plans for tomorrow, with the model's morning run in.
    public var decideAtMinute: Int
    /// How many coming days are announced: 1 (tomorrow, the default) to 4 (as far as the
    /// forecast model reaches).
    public var days: Int

    /// The range `ForecastDays=` accepts.
    public static let dayRange = 1...4

    /// The defaults.
    public init(threshold: ForecastThreshold = .sameAsAlert, decideAtMinute: Int = 16 * 60, days: Int = 1) {
        self.threshold = threshold
        self.decideAtMinute = decideAtMinute
        self.days = days
    }
}
