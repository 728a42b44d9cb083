import BreezeModel

/// What a message about a city with an indoor sensor (`Placement=indoor`) says about the
/// windows: keep them closed while the air outside is a band or more worse than indoors, and
/// air the rooms once a resolve finds the air outside better than indoors.
extension AlertEvent {
    /// `Outdoor air is worse than indoors (AQI 157 outside, 42 inside): keep the windows
    /// closed.` on an AQI event (not a resolve) whose band is at least one band above the
    /// indoor AQI's; `The air outside is now better than indoors: time to air the rooms.` on a
    /// resolve whose AQI is below the indoor one; nil otherwise and without `indoorAQI`.
    public var indoorAdvice: String? {
        guard about == .aqi, let indoor = indoorAQI, let outdoor = aqi,
            ReportedValue.aqiScale.contains(indoor), ReportedValue.aqiScale.contains(outdoor)
        else { return nil }
        switch kind {
        case .firing, .escalated, .reminder, .test:
            guard let band, let indoorBand = Band(aqi: indoor), band > indoorBand else { return nil }
            return "Outdoor air is worse than indoors (AQI \(outdoor) outside, \(indoor) inside): keep the windows closed."
        case .resolved:
            guard outdoor < indoor else { return nil }
            return "The air outside is now better than indoors: time to air the rooms."
        case .forecast, .forecastCleared, .digest:
            return nil
        }
    }
}
