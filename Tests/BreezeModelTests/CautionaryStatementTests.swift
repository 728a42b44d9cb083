import BreezeModel
import Testing

/// The advice per audience, pollutant and EPA category holds EPA's facts (TAD 2024): who is at
/// risk from each pollutant, what each category asks of whom, carbon monoxide's own terms.
struct CautionaryStatementTests {
    static let pollutants: [Pollutant?] = Pollutant.allCases + [nil]

    static func statement(_ audience: Audience, _ pollutant: Pollutant?, _ category: EPACategory) -> String {
        CautionaryStatement(audience: audience, pollutant: pollutant, category: category).text
    }

    @Test func everyCombinationHasItsOwnStatementUnlikeTheBandsTips() {
        let tips = Set(Band.allCases.flatMap(\.healthTips) + Band.allCases.map(\.summary))
        var seen: Set<String> = []
        for audience in Audience.allCases {
            for pollutant in Self.pollutants {
                for category in EPACategory.allCases {
                    let text = Self.statement(audience, pollutant, category)
                    #expect(text.count > 40, "\(audience) \(String(describing: pollutant)) \(category)")
                    #expect(!tips.contains(text))
                    #expect(!tips.contains { text.contains($0) }, "\(text)")
                    #expect(!text.contains("\n") && !text.contains("  "))
                    seen.insert(text)
                }
            }
        }
        // Different words for each audience, pollutant and category (NO₂ and SO₂ share their
        // groups but are named in the lead).
        #expect(seen.count == Audience.allCases.count * Self.pollutants.count * EPACategory.allCases.count)
    }

    @Test func theGroupsAtRiskFollowThePollutant() {
        let particles = CautionaryStatement.sensitiveGroups(.pm2_5)
        for group in ["heart or lung disease", "older adults", "children and teenagers", "pregnant", "low incomes"] {
            #expect(particles.contains(group))
        }
        #expect(!CautionaryStatement.sensitiveGroups(.pm10).contains("pregnant"))
        #expect(CautionaryStatement.sensitiveGroups(.pm10).contains("heart or lung disease"))
        let ozone = CautionaryStatement.sensitiveGroups(.o3)
        for group in ["asthma", "children and teenagers", "older adults", "active outdoors", "outdoor workers"] {
            #expect(ozone.contains(group))
        }
        #expect(CautionaryStatement.sensitiveGroups(.co).contains("heart disease"))
        #expect(!CautionaryStatement.sensitiveGroups(.co).contains("lung"))
        for gas in [Pollutant.no2, .so2] {
            let groups = CautionaryStatement.sensitiveGroups(gas)
            #expect(groups.contains("asthma") && groups.contains("children") && groups.contains("older adults"))
            #expect(!groups.contains("heart"))
        }
        // The statement about a category that concerns them names them.
        for pollutant in Self.pollutants {
            let groups = CautionaryStatement.sensitiveGroups(pollutant)
            for audience in Audience.allCases {
                #expect(Self.statement(audience, pollutant, .unhealthyForSensitiveGroups).contains(groups))
            }
        }
    }

    @Test func carbonMonoxideSpeaksOfHeavyExertionAndTrafficNeverOfOutdoorTime() {
        for audience in Audience.allCases {
            for category in EPACategory.allCases {
                let text = Self.statement(audience, .co, category).lowercased()
                #expect(text.contains("traffic") || text.contains("heavy exertion"), "\(text)")
                #expect(!text.contains("outdoor"), "\(text)")
                #expect(!text.contains("outside"), "\(text)")
            }
        }
    }

    @Test func eachCategoryAsksWhatEPAAsksOfWhom() {
        for pollutant in Self.pollutants where pollutant != .co {
            // Unhealthy for Sensitive Groups: the groups cut down; the rest carry on.
            let usg = Self.statement(.sensitive, pollutant, .unhealthyForSensitiveGroups)
            #expect(usg.contains("cut down on long or hard outdoor efforts") && usg.contains("carry on"))
            // Unhealthy: the groups give them up, everyone else cuts down.
            let unhealthy = Self.statement(.general, pollutant, .unhealthy)
            #expect(unhealthy.contains("Everyone should cut down") && unhealthy.contains("give them up"))
            // Very Unhealthy: no outdoor activity for the groups, no long or hard efforts for the rest.
            let very = Self.statement(.sensitive, pollutant, .veryUnhealthy)
            #expect(very.contains("no physical activity outdoors") && very.contains("give up long or hard outdoor efforts"))
            // Hazardous: nobody active outdoors.
            #expect(Self.statement(.general, pollutant, .hazardous).contains("Everyone should give up all physical activity outdoors"))
            // Moderate: only the unusually sensitive are asked anything.
            #expect(Self.statement(.general, pollutant, .moderate).contains("unusually sensitive"))
        }
    }

    @Test func aSensitiveReaderReadsWhatThePeopleAtRiskDoFirst() {
        for pollutant in Self.pollutants {
            for category in [EPACategory.unhealthyForSensitiveGroups, .unhealthy, .veryUnhealthy, .hazardous] {
                let groups = CautionaryStatement.sensitiveGroups(pollutant)
                let sensitive = Self.statement(.sensitive, pollutant, category)
                let general = Self.statement(.general, pollutant, category)
                let lead = pollutant.map { "Main pollutant: \($0.fullName.lowercased()) (\($0.label)). " } ?? ""
                #expect(sensitive.hasPrefix(lead + "For " + groups + ": "), "\(sensitive)")
                #expect(!general.hasPrefix(lead + "For "), "\(general)")
                #expect(general.contains(groups))
            }
        }
    }
}
