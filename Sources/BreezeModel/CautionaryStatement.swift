// What people should do at an EPA category, for the pollutant that sets the AQI and for the
// audience reading it. The facts are EPA's (the 2024 Technical Assistance Document: who is
// sensitive to each pollutant, and the one pattern the cautionary statements follow per
// category); the sentences are Breeze's own.

/// The advice a message carries for one audience (`Audience=`), one dominant pollutant and one
/// EPA category: a `general` reader learns what everyone should do and who is at risk; a
/// `sensitive` reader learns first what the people at risk should do, then everyone else.
public struct CautionaryStatement: Sendable, Equatable {
    public var audience: Audience
    /// The pollutant that sets the AQI; nil when unknown (the groups of every pollutant then).
    public var pollutant: Pollutant?
    public var category: EPACategory

    public init(audience: Audience, pollutant: Pollutant?, category: EPACategory) {
        self.audience = audience
        self.pollutant = pollutant
        self.category = category
    }

    /// Who is most at risk from `pollutant`, as a phrase inside a sentence.
    public static func sensitiveGroups(_ pollutant: Pollutant?) -> String {
        switch pollutant {
        case .pm2_5:
            "people with heart or lung disease, older adults, children and teenagers, pregnant people, "
                + "and people on low incomes"
        case .pm10:
            "people with heart or lung disease, older adults, children and teenagers, and people on low incomes"
        case .o3:
            "people with lung disease such as asthma, children and teenagers, older adults, and anyone "
                + "active outdoors, outdoor workers included"
        case .co:
            "people with heart disease, angina included"
        case .no2, .so2:
            "people with asthma, children and teenagers, and older adults"
        case nil:
            "people with heart or lung disease (asthma included), children and teenagers, and older adults"
        }
    }

    /// The statement, two or three sentences.
    public var text: String {
        let groups = Self.sensitiveGroups(pollutant)
        let lead = pollutant.map { "Main pollutant: \($0.fullName.lowercased()) (\($0.label)). " } ?? ""
        return lead + (pollutant == .co ? carbonMonoxide(groups) : outdoor(groups))
    }

    /// Particles, ozone, NO₂ and SO₂: the advice is about long or hard efforts outdoors.
    private func outdoor(_ groups: String) -> String {
        let forGroups = "For \(groups): "
        switch (category, audience) {
        case (.good, .general):
            return "The air is fine for everyone, at risk or not: no need to change outdoor plans."
        case (.good, .sensitive):
            return forGroups + "nothing to hold back on; outdoor activity is fine today."
        case (.moderate, .general):
            return "Almost everyone can carry on as usual; only people unusually sensitive to this "
                + "pollutant may want to make long or hard outdoor efforts shorter or lighter."
        case (.moderate, .sensitive):
            return "If you are unusually sensitive to this pollutant, think about making long or hard "
                + "outdoor efforts shorter or lighter. Others at risk (\(groups)) can carry on."
        case (.unhealthyForSensitiveGroups, .general):
            return "No change is needed for most people. Those at risk — \(groups) — should cut down "
                + "on long or hard outdoor efforts, making them shorter and lighter, with more breaks."
        case (.unhealthyForSensitiveGroups, .sensitive):
            return forGroups + "cut down on long or hard outdoor efforts today, making them shorter and "
                + "lighter, with more breaks. Everyone else can carry on as usual."
        case (.unhealthy, .general):
            return "Everyone should cut down on long or hard outdoor efforts. Those at risk — "
                + "\(groups) — should give them up altogether today."
        case (.unhealthy, .sensitive):
            return forGroups + "give up long or hard outdoor efforts altogether today. Everyone else "
                + "should cut them down."
        case (.veryUnhealthy, .general):
            return "Everyone should give up long or hard outdoor efforts. Those at risk — \(groups) — "
                + "should give up all physical activity outdoors and keep to light activity indoors."
        case (.veryUnhealthy, .sensitive):
            return forGroups + "no physical activity outdoors at all; keep to light activity indoors. "
                + "Everyone else should give up long or hard outdoor efforts."
        case (.hazardous, .general):
            return "Everyone should give up all physical activity outdoors. Those at risk — \(groups) — "
                + "face the gravest effects."
        case (.hazardous, .sensitive):
            return forGroups + "no physical activity outdoors at all, and the same holds for everyone "
                + "else today."
        }
    }

    /// Carbon monoxide harms the heart through the blood, near its sources: the advice is about
    /// heavy exertion and keeping away from traffic, not about time spent out of doors.
    private func carbonMonoxide(_ groups: String) -> String {
        let sources = "keep away from sources of carbon monoxide such as heavy traffic"
        let forGroups = "For \(groups): "
        switch (category, audience) {
        case (.good, .general):
            return "Carbon monoxide poses no risk today: heavy exertion is fine for everyone, near traffic too."
        case (.good, .sensitive):
            return forGroups + "carbon monoxide is low; heavy exertion is fine, near traffic too."
        case (.moderate, .general):
            return "No one needs to change plans; people unusually sensitive to it may want to go easier "
                + "on heavy exertion near heavy traffic."
        case (.moderate, .sensitive):
            return forGroups + "if you are unusually sensitive to it, go easier on heavy exertion near "
                + "heavy traffic. Everyone else can carry on."
        case (.unhealthyForSensitiveGroups, .general):
            return "No change is needed for most people. Those at risk — \(groups) — should cut down on "
                + "heavy exertion and \(sources)."
        case (.unhealthyForSensitiveGroups, .sensitive):
            return forGroups + "cut down on heavy exertion and \(sources). Everyone else can carry on."
        case (.unhealthy, .general):
            return "Everyone should cut down on heavy exertion. Those at risk — \(groups) — should give it "
                + "up and \(sources)."
        case (.unhealthy, .sensitive):
            return forGroups + "give up heavy exertion and \(sources). Everyone else should cut down on "
                + "heavy exertion."
        case (.veryUnhealthy, .general):
            return "Everyone should give up heavy exertion. Those at risk — \(groups) — should avoid "
                + "exertion of any kind and \(sources)."
        case (.veryUnhealthy, .sensitive):
            return forGroups + "avoid exertion of any kind and \(sources). Everyone else should give up "
                + "heavy exertion."
        case (.hazardous, .general):
            return "Everyone should give up heavy exertion and \(sources). Those at risk — \(groups) — "
                + "should avoid exertion of any kind."
        case (.hazardous, .sensitive):
            return forGroups + "avoid exertion of any kind. Everyone else should give up heavy exertion "
                + "too, and all should \(sources)."
        }
    }
}
