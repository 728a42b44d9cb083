import BreezeModel

/// What `breezectl now` says about bands and pollutants, in one place.
enum NowPresentation {
    /// The ANSI colour of a band on a terminal (256-colour codes close to the bands' colours).
    static func ansiColour(_ band: Band) -> String {
        switch band {
        case .excellent, .good: "\u{1B}[38;5;34m"
        case .moderate, .slightlyHigh: "\u{1B}[38;5;214m"
        case .unhealthyForSensitiveGroups: "\u{1B}[38;5;202m"
        case .unhealthy: "\u{1B}[38;5;196m"
        case .veryUnhealthy: "\u{1B}[38;5;135m"
        case .hazardous: "\u{1B}[38;5;88m"
        }
    }

    /// The band as `now` and `status` show it: emoji first, then the label messages and the
    /// page use ("Unhealthy for Sensitive Groups").
    static func bandText(_ band: Band) -> String { "\(band.emoji) \(band.label)" }

    /// The table's mark after a concentration: none at or below EPA's Good limit, `+` above it,
    /// `!` above the Moderate limit.
    static func marker(_ pollutant: Pollutant, value: Double) -> String {
        switch pollutant.status(microgramsPerCubicMetre: value) {
        case .good: ""
        case .moderate: "+"
        case .unhealthy: "!"
        }
    }

    /// The EPA category of `value` (the value rated: `NowReport.rated`) on the pollutant's own breakpoints: its
    /// band slug (`unhealthy-for-sensitive-groups`); nil when the value cannot be rated.
    static func status(_ pollutant: Pollutant, value: Double) -> String? {
        PollutantCategory(pollutant, microgramsPerCubicMetre: value)?.slug
    }

    /// The category's label (`Unhealthy for Sensitive Groups`); nil when not rated.
    static func category(_ pollutant: Pollutant, value: Double) -> String? {
        PollutantCategory(pollutant, microgramsPerCubicMetre: value)?.label
    }

    /// The pollutant giving the AQI: by Open-Meteo's sub-indices when reported, else the one
    /// furthest above (or least below) its good limit. Nil when no pollutant has a value.
    static func dominant(_ reading: Reading) -> Pollutant? {
        if let dominant = reading.dominantPollutant { return dominant }
        return Pollutant.allCases.compactMap { pollutant -> (Pollutant, Double)? in
            guard let value = reading.concentrations[pollutant] else { return nil }
            return (pollutant, value / pollutant.goodLimit)
        }.max { $0.1 < $1.1 }?.0
    }
}
