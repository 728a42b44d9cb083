import BreezeConfig

extension AlertRule {
    /// The rule a city's `[Alert]` settings describe: the one the daemon judges with, and the
    /// one `breezectl backtest` replays history through.
    public init(_ settings: AlertSettings) {
        self.init(
            threshold: settings.threshold.aqi, hysteresis: settings.hysteresis,
            confirmAfter: settings.confirmAfter, repeatEvery: settings.repeatEvery,
            sendResolved: settings.sendResolved, pollutantLimits: settings.pollutantLimits)
    }
}
