import Testing

@testable import BreezeConfig

/// Open-Meteo cost per its weighting.
struct APICostTests {
    @Test(arguments: [
        (12, 900, 1152), (20, 900, 1920), (150, 900, 14_400), (10, 3600, 240), (0, 900, 0), (1, 7, 12_343),
    ])
    func callsPerDay(locations: Int, seconds: Int, expected: Int) {
        #expect(APICost.estimatedCallsPerDay(locations: locations, pollInterval: .seconds(seconds)) == expected)
    }

    @Test func manyVariablesOrDaysWeighMore() {
        #expect(APICost.weight(variables: 7) == 1)
        #expect(APICost.weight(variables: 25) == 2.5)
        #expect(APICost.weight(variables: 20, days: 28) == 4)
        #expect(APICost.callsPerPoll(locations: 3, variables: 25) == 9)
    }
}
