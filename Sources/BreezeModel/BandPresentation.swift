// What a band says to people. The health tips paraphrase the substance of EPA's cautionary
// statements for each category; the wording is Breeze's own.

extension Band {
    /// The EPA category the band lies in (Excellent and Good are both EPA Good, and so on).
    public var category: EPACategory {
        switch self {
        case .excellent, .good: .good
        case .moderate, .slightlyHigh: .moderate
        case .unhealthyForSensitiveGroups: .unhealthyForSensitiveGroups
        case .unhealthy: .unhealthy
        case .veryUnhealthy: .veryUnhealthy
        case .hazardous: .hazardous
        }
    }

    /// The name shown to people, e.g. "Slightly High".
    public var label: String {
        switch self {
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

    /// One emoji that sums the band up.
    public var emoji: String {
        switch self {
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

    /// The band's colour as `#rrggbb` (lower case).
    public var colourHex: String {
        switch self {
        case .excellent, .good: "#34c759"
        case .moderate, .slightlyHigh: "#ff9500"
        case .unhealthyForSensitiveGroups: "#ff6b00"
        case .unhealthy: "#ff3b30"
        case .veryUnhealthy: "#af52de"
        case .hazardous: "#8e0000"
        }
    }

    /// One sentence on what the air is like.
    public var summary: String {
        switch self {
        case .excellent: "The air is as clean as it gets; nothing to worry about."
        case .good: "The air is clean and poses little or no risk to anyone."
        case .moderate: "The air is acceptable, though a few unusually sensitive people may notice it."
        case .slightlyHigh: "The air is still acceptable but close to bothering sensitive people."
        case .unhealthyForSensitiveGroups: "People with heart or lung conditions, children and older adults may be affected."
        case .unhealthy: "Anyone may start to feel effects; sensitive groups more seriously."
        case .veryUnhealthy: "Health alert: the risk of effects is raised for everyone."
        case .hazardous: "Emergency conditions: everyone is likely to be affected."
        }
    }

    /// Two to four short pieces of advice for this band.
    public var healthTips: [String] {
        switch self {
        case .excellent:
            ["A fine time to exercise or air the house.", "Enjoy being outdoors."]
        case .good:
            ["Outdoor activity is fine for everyone.", "Open the windows if you like."]
        case .moderate:
            [
                "If you are unusually sensitive, take long or hard outdoor efforts a little easier.",
                "Everyone else can carry on as normal.",
            ]
        case .slightlyHigh:
            [
                "If you are unusually sensitive, shorten long or strenuous outdoor efforts.",
                "Watch for coughing or shortness of breath.",
            ]
        case .unhealthyForSensitiveGroups:
            [
                "If you have asthma, heart or lung disease, cut back on strenuous outdoor activity.",
                "Children and older adults should take more breaks outdoors.",
                "Keep any reliever medicine close at hand.",
            ]
        case .unhealthy:
            [
                "Sensitive groups should avoid long or strenuous outdoor activity.",
                "Everyone else should keep outdoor efforts shorter and lighter.",
                "Consider moving exercise indoors.",
            ]
        case .veryUnhealthy:
            [
                "Sensitive groups should stay indoors and keep activity light.",
                "Everyone should avoid strenuous outdoor activity.",
                "Keep windows closed; run an air purifier if you have one.",
            ]
        case .hazardous:
            [
                "Everyone should stay indoors and avoid physical exertion.",
                "Keep windows and doors shut; filter the indoor air if you can.",
                "Follow any instructions from local authorities.",
                "Seek medical help if you have chest pain or trouble breathing.",
            ]
        }
    }
}
