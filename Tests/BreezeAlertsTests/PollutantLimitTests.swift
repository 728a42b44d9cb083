import BreezeAlerts
import BreezeModel
import Testing

struct PollutantLimitTests {
    @Test func pollutantsOverTheirLimitComeInTheOrderOfAllCases() {
        let limits = Dictionary(uniqueKeysWithValues: Pollutant.allCases.map { ($0, 10.0) })
        let rule = AlertRule(threshold: 101, pollutantLimits: limits)
        let all = Dictionary(uniqueKeysWithValues: Pollutant.allCases.map { ($0, 11.0) })
        #expect(rule.pollutantsOverLimit(all) == Pollutant.allCases)
        let some: [Pollutant: Double] = [.co: 50, .pm10: 50, .no2: 10, .o3: 3]
        #expect(rule.pollutantsOverLimit(some) == [.pm10, .co])
        #expect(rule.pollutantsOverLimit([:]).isEmpty)
        // A concentration over a limit that is not configured breaches nothing.
        #expect(AlertRule(threshold: 101, pollutantLimits: [.o3: 100]).pollutantsOverLimit(all).isEmpty)
        #expect(AlertRule(threshold: 101).pollutantsOverLimit(all).isEmpty)
    }
}
