extension ConfigurationBuilder {
    /// The forecast keys of `section` (`[Alert]` or a city) applied over `base`.
    mutating func readForecast(_ reader: SectionReader, base: ForecastSettings) -> ForecastSettings {
        var settings = base
        if let threshold = reader.value("ForecastThreshold", diagnostics: &diagnostics, Self.forecastThreshold) {
            settings.threshold = threshold.value
        }
        if let minute = reader.value("ForecastAt", diagnostics: &diagnostics, Self.timeOfDay) {
            settings.decideAtMinute = minute.value
        }
        let range = ForecastSettings.dayRange
        if let days = reader.value("ForecastDays", diagnostics: &diagnostics, Self.forecastDays(range)) {
            settings.days = days.value
        }
        return settings
    }

    /// `off`, or what `Threshold=` takes (a band slug or an AQI 0…500).
    static func forecastThreshold(_ text: String) -> Result<ForecastThreshold, ValueProblem> {
        if text.lowercased() == "off" { return .success(.off) }
        return threshold(text).map { .at($0) }.mapError { problem in
            ValueProblem(problem.text + ", or off")
        }
    }

    /// `HH:MM`, a 24-hour local time.
    static func timeOfDay(_ text: String) -> Result<Int, ValueProblem> {
        guard let minutes = ValueSyntax.clockMinutes(text) else {
            return .failure(ValueProblem("use a local time HH:MM, like 16:00"))
        }
        return .success(minutes)
    }

    static func forecastDays(_ range: ClosedRange<Int>) -> (String) -> Result<Int, ValueProblem> {
        { text in
            guard let days = ValueSyntax.integer(text), range.contains(days) else {
                return .failure(
                    ValueProblem("must be a whole number of days from \(range.lowerBound) to \(range.upperBound)"))
            }
            return .success(days)
        }
    }
}
