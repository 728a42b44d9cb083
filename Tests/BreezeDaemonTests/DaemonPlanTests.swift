import BreezeConfig
import BreezeDaemon
import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary
import Testing

struct DaemonPlanTests {
    struct NoSource: AirQualitySource {
        func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] { [] }
    }

    func plan(cities: Int, interval: String, timeout: String) throws -> DaemonPlan {
        var text = "[Breeze]\nPollInterval=\(interval)\nTimeout=\(timeout)\nStateDirectory=/tmp/x\n"
        for index in 0..<cities {
            text += "[City \"C\(index)\"]\nLatitude=\(Double(index % 180) - 89.5)\nLongitude=\(Double(index / 180) * 0.1)\n"
        }
        let loaded = try ConfigurationLoader.load(text: text)
        return DaemonPlan(configuration: loaded.configuration, source: NoSource())
    }

    @Test func rulesComeFromEachCitysAlertSettings() throws {
        let loaded = try ConfigurationLoader.load(
            text: "[Alert]\nThreshold=unhealthy\nHysteresis=5\n[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\nThreshold=120\n[City \"Oslo\"]\nLatitude=59.9\nLongitude=10.7\n")
        let plan = DaemonPlan(configuration: loaded.configuration, source: NoSource())
        #expect(plan.cities.map(\.rule.threshold) == [120, 151])
        #expect(plan.cities.map(\.rule.clearLevel) == [114, 145])
        #expect(plan.interval == 900)
    }

    @Test func cycleBudgetGrowsWithBatchesWithinTheInterval() throws {
        #expect(try plan(cities: 10, interval: "15min", timeout: "20s").cycleBudget == .seconds(80))
        #expect(try plan(cities: 2500, interval: "15min", timeout: "20s").cycleBudget == .seconds(120))
        #expect(try plan(cities: 10, interval: "60s", timeout: "20s").cycleBudget == .seconds(54))
    }
}
