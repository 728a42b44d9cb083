import BreezeModel

/// What `breezectl now` says about bands and pollutants, in one place.
///
/// Temporary copies: BreezeModel (branch `model`) provides `Band.label`, `Band.emoji`,
/// `Pollutant.label`, `Pollutant.goodLimit` and `Pollutant.status(microgramsPerCubicMetre:)`.
/// When it is merged, each function here becomes a one-line call to those, and `limits` goes.
enum NowPresentation {
    static func label(_ band: Band) -> String {
        switch band {
        case .excellent: "Excellent"
        case .good: "Good"
        case .moderate: "Moderate"
        case .slightlyHigh: "Slightly High"
        case .unhealthyForSensitiveGroups: "Unhealthy for Sensitive Groups"
        case .unhealthy: "Unhealthy"
        case .veryUnhealthy: "Very Unhealthy"
        case .hazardous: "Hazardous"
        }
    }

    static func emoji(_ band: Band) -> String {
        switch band {
        case .excellent: "✨"
        case .good: "😊"
        case .moderate: "😐"
        case .slightlyHigh: "😕"
        case .unhealthyForSensitiveGroups: "😷"
        case .unhealthy: "😨"
        case .veryUnhealthy: "🚨"
        case .hazardous: "☠️"
        }
    }

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

    static func label(_ pollutant: Pollutant) -> String {
        switch pollutant {
        case .pm2_5: "PM2.5"
        case .pm10: "PM10"
        case .no2: "NO₂"
        case .so2: "SO₂"
        case .o3: "O₃"
        case .co: "CO"
        }
    }

    /// Good up to the top of EPA's Good category, moderate up to the top of Moderate,
    /// unhealthy above (limits in µg/m³).
    static func status(_ pollutant: Pollutant, value: Double) -> String {
        let (good, moderate) = limits(pollutant)
        if value <= good { return "good" }
        if value <= moderate { return "moderate" }
        return "unhealthy"
    }

    /// The pollutant furthest above (or least below) its good limit, relative to that limit:
    /// the one that drives the air's rating. Nil when no pollutant has a value.
    static func dominant(_ reading: Reading) -> Pollutant? {
        Pollutant.allCases.compactMap { pollutant -> (Pollutant, Double)? in
            guard let value = reading.concentrations[pollutant] else { return nil }
            return (pollutant, value / limits(pollutant).good)
        }.max { $0.1 < $1.1 }?.0
    }

    /// EPA 2024 Good and Moderate tops in µg/m³; gases converted at 25 °C (BreezeModel's values).
    private static func limits(_ pollutant: Pollutant) -> (good: Double, moderate: Double) {
        switch pollutant {
        case .pm2_5: (9.0, 35.4)
        case .pm10: (54, 154)
        case .no2: (99.7, 188.2)
        case .so2: (91.7, 196.5)
        case .o3: (106.0, 137.4)
        case .co: (5040.7, 10768.7)
        }
    }
}
