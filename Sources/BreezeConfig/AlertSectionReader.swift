import BreezeModel

extension ConfigurationBuilder {
    /// The alert keys of `section` (`[Alert]` or a city) applied over `base`. `notify` is the
    /// inherited `Notify=` (nil when never set); the result's second element is the new one.
    mutating func readAlert(
        _ section: MergedSection?, base: AlertSettings, notify: [String]?, receivers: [String]
    ) -> (AlertSettings, [String]?) {
        var settings = base
        guard let section else { return (settings, notify) }
        let reader = SectionReader(section: section)

        if let threshold = reader.value("Threshold", diagnostics: &diagnostics, Self.threshold) {
            settings.threshold = threshold.value
        }
        if let hysteresis = reader.value("Hysteresis", diagnostics: &diagnostics, Read.integer(atLeast: 0)) {
            settings.hysteresis = hysteresis.value
        }
        if let confirm = reader.value("ConfirmAfter", diagnostics: &diagnostics, Read.integer(atLeast: 1)) {
            settings.confirmAfter = confirm.value
        }
        if let repeatEvery = reader.value("RepeatEvery", diagnostics: &diagnostics, Read.duration) {
            settings.repeatEvery = repeatEvery.value == .zero ? nil : repeatEvery.value
        }
        if let sendResolved = reader.value("SendResolved", diagnostics: &diagnostics, Read.boolean) {
            settings.sendResolved = sendResolved.value
        }
        if let source = reader.value("AQISource", diagnostics: &diagnostics, Read.choice as (String) -> Result<AQISource, ValueProblem>) {
            settings.aqiSource = source.value
        }
        settings.forecast = readForecast(reader, base: settings.forecast)
        if let threshold = reader.value("SensitiveThreshold", diagnostics: &diagnostics, Self.threshold) {
            settings.sensitiveThreshold = threshold.value
        }
        if let level = reader.value("PollenThreshold", diagnostics: &diagnostics, Read.pollenThreshold) {
            settings.pollenThreshold = level.value
        }
        if let index = reader.value("UVThreshold", diagnostics: &diagnostics, Read.uvThreshold) {
            settings.uvThreshold = index.value
        }
        for assignment in reader.assignments("PollutantLimits") {
            if let limits = pollutantLimits(assignment) { settings.pollutantLimits = limits }
        }
        var notify = notify
        for assignment in reader.assignments("Notify") {
            notify = assignment.value.words
            for name in assignment.value.words where !receivers.contains(name) {
                let hint = Suggestion.hint(for: name, among: receivers)
                let known =
                    hint.isEmpty
                    ? (receivers.isEmpty
                        ? "; no receivers are defined"
                        : "; defined receivers: " + unique(receivers).joined(separator: ", ")) : hint
                diagnostics.error("Notify=\(name): undefined receiver\(known)", at: assignment.location)
            }
        }
        return (settings, notify)
    }

    private func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// A band slug (any case) or an AQI number 0…500.
    static func threshold(_ text: String) -> Result<AlertThreshold, ValueProblem> {
        if let number = Int(text) {
            guard (0...500).contains(number) else {
                return .failure(ValueProblem("AQI out of range 0 to 500"))
            }
            return .success(.aqi(number))
        }
        if let band = Band(slug: text.lowercased()) { return .success(.band(band)) }
        let slugs = Band.allCases.map(\.slug)
        let guess = Suggestion.closest(to: text, among: slugs).map { " (did you mean \($0)?)" } ?? ""
        return .failure(
            ValueProblem(
                "unknown band\(guess); use an AQI number 0 to 500 or one of "
                    + slugs.joined(separator: ", ")))
    }

    /// `pm2_5=35.4 no2=200`: every item checked; nil when one is bad. Empty clears the limits.
    private mutating func pollutantLimits(_ assignment: Assignment) -> [Pollutant: Double]? {
        var limits: [Pollutant: Double] = [:]
        var valid = true
        let names = Read.alternatives(Pollutant.allCases.map(\.rawValue))
        for item in assignment.value.words {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let problem: String?
            if parts.count != 2 {
                problem = "expected POLLUTANT=LIMIT, like pm2_5=35.4"
            } else if ValueSyntax.pollutant(String(parts[0])) == nil {
                problem = "unknown pollutant \"\(parts[0])\"; use \(names)"
            } else if let limit = ValueSyntax.number(String(parts[1])), limit > 0 {
                limits[ValueSyntax.pollutant(String(parts[0]))!] = limit
                problem = nil
            } else {
                problem = "the limit must be a positive number of µg/m³"
            }
            if let problem {
                diagnostics.error("PollutantLimits=\(item): \(problem)", at: assignment.location)
                valid = false
            }
        }
        return valid ? limits : nil
    }
}
