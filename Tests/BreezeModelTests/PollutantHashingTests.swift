import BreezeModel
import Testing

struct PollutantHashingTests {
    @Test func everyPollutantIsItsOwnKey() {
        var table: [Pollutant: Int] = [:]
        for (index, pollutant) in Pollutant.allCases.enumerated() { table[pollutant] = index }
        #expect(table.count == Pollutant.allCases.count)
        for (index, pollutant) in Pollutant.allCases.enumerated() { #expect(table[pollutant] == index) }
        #expect(Set(Pollutant.allCases.map(\.hashValue)).count == Pollutant.allCases.count)
    }
}
