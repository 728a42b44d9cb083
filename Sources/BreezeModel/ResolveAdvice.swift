// What a resolve means for people: what they can do again now that the air is back in a band.
// Beside the band's tips (BandPresentation.swift), in Breeze's own words.

extension Band {
    /// Whether a resolve into this band still leaves air that is not good for everyone
    /// (Unhealthy for Sensitive Groups or worse): the message says it is better, not good.
    public var isStillUnhealthy: Bool { self >= .unhealthyForSensitiveGroups }

    /// A short phrase on what people can do again once an alert resolves into this band:
    /// `fine to open the windows`. For bands that are still unhealthy, what they should keep
    /// doing instead.
    public var resolveAdvice: String {
        switch self {
        case .excellent: "a fine time to air the house and get outside"
        case .good: "fine to open the windows and exercise outdoors"
        case .moderate: "fine to open the windows and go out as usual"
        case .slightlyHigh: "fine for most outdoor plans; sensitive people should still go easy"
        case .unhealthyForSensitiveGroups:
            "people with asthma, heart or lung disease, children and older adults should still limit hard outdoor efforts"
        case .unhealthy: "everyone should still keep outdoor efforts short and light"
        case .veryUnhealthy: "stay indoors where you can and keep the windows closed"
        case .hazardous: "stay indoors, keep windows shut and follow local instructions"
        }
    }
}
