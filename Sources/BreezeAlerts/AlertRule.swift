import BreezeModel

/// When one city alerts: its `[Alert]` settings reduced to what the state machine needs.
public struct AlertRule: Sendable, Equatable {
    /// A city breaches at an AQI at or above this.
    public var threshold: Int
    /// AQI points below `threshold - 1` a reading must fall to count towards resolving.
    public var hysteresis: Int
    /// Consecutive readings needed to fire, to escalate and to resolve (at least 1).
    public var confirmAfter: Int
    /// How often a reminder goes out while firing; nil never.
    public var repeatEvery: Duration?
    /// Whether a `resolved` event is sent when the air clears.
    public var sendResolved: Bool
    /// Per-pollutant limits in µg/m³: a concentration above its limit breaches too.
    public var pollutantLimits: [Pollutant: Double]
    /// Whose rule it is: nil for `Threshold=`'s, `sensitive` for the machine at
    /// `SensitiveThreshold=`, whose events carry the audience and ids of their own.
    public var audience: Audience?

    public init(
        threshold: Int, hysteresis: Int = 10, confirmAfter: Int = 2, repeatEvery: Duration? = nil,
        sendResolved: Bool = true, pollutantLimits: [Pollutant: Double] = [:]
    ) {
        self.threshold = threshold
        self.hysteresis = hysteresis
        self.confirmAfter = max(1, confirmAfter)
        self.repeatEvery = repeatEvery
        self.sendResolved = sendResolved
        self.pollutantLimits = pollutantLimits
    }

    /// The highest AQI that counts towards resolving.
    public var clearLevel: Int { threshold - 1 - hysteresis }

    /// Pollutants of `observation` over their limit, in a stable order.
    public func pollutantsOverLimit(_ concentrations: [Pollutant: Double]) -> [Pollutant] {
        // Called on every poll: one lookup per configured limit, none without limits.
        guard !pollutantLimits.isEmpty else { return [] }
        var over: [Pollutant] = []
        for (pollutant, limit) in pollutantLimits {
            if let value = concentrations[pollutant], value > limit { over.append(pollutant) }
        }
        return over.count > 1 ? Pollutant.allCases.filter(over.contains) : over
    }
}
