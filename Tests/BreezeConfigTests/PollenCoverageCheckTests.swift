import Testing

@testable import BreezeConfig

/// `PollenThreshold=` on a city Open-Meteo has no pollen for, and what the pollen and UV alerts
/// cost in `check-config`'s estimate.
struct PollenCoverageCheckTests {
    static let noPage = "[Breeze]\nPollInterval=15min\n[Web]\nListen=\n"

    @Test func aCityOutsideCoverageIsWarnedOfAtItsOwnKey() throws {
        let outcome = Load.text(
            Self.noPage + "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\nPollenThreshold=high\n"
                + "[City \"東京\"]\nLatitude=35.68\nLongitude=139.69\nPollenThreshold=moderate\n")
        #expect(outcome.errors == [])
        let warnings = outcome.warnings.filter { $0.contains("pollen coverage") }
        #expect(warnings.count == 1)
        let warning = warnings.first ?? ""
        #expect(warning.contains("breezed.conf:12"), "\(warning)")
        #expect(warning.contains("東京") && warning.contains("PollenThreshold=moderate never fires"), "\(warning)")
    }

    @Test func anInheritedThresholdIsNamedAtTheAlertSection() throws {
        let outcome = Load.text(
            Self.noPage + "[Alert]\nPollenThreshold=high\n[City \"New York\"]\nLatitude=40.71\nLongitude=-74.0\n"
                + "[City \"Off\"]\nLatitude=40.71\nLongitude=-74.0\nEnabled=no\n"
                + "[City \"Sydney\"]\nLatitude=-33.87\nLongitude=151.21\nPollenThreshold=off\n")
        let warnings = outcome.warnings.filter { $0.contains("pollen coverage") }
        // A disabled city and one that turned it off are not warned of.
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("breezed.conf:6") == true, "\(warnings)")
        #expect(warnings.first?.contains("New York") == true)
    }

    @Test func theAlertsCostIsInTheSummaryWithoutThePage() throws {
        let outcome = Load.text(
            Self.noPage + "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\nPollenThreshold=high\nUVThreshold=6\n"
                + "[City \"Berlin\"]\nLatitude=52.52\nLongitude=13.4\nUVThreshold=8\n[City \"Rome\"]\nLatitude=41.9\nLongitude=12.5\n")
        let configuration = try #require(outcome.configuration)
        #expect(configuration.fetchesPollenAndUV && configuration.pollenAndUVLocations == 2)
        #expect(ConfigurationCheck.exposureSummary(configuration)
            == "pollen and UV alerts: 2 cities (1 pollen, 2 UV), +16 API calls/day (every 3h)")
        let none = try #require(Load.text(Self.noPage + "[City \"Rome\"]\nLatitude=41.9\nLongitude=12.5\n").configuration)
        #expect(ConfigurationCheck.exposureSummary(none) == nil && !none.fetchesPollenAndUV)
        let page = try #require(Load.text("[Breeze]\nStatusPageExtras=yes\n[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\nUVThreshold=6\n").configuration)
        #expect(ConfigurationCheck.exposureSummary(page)?.hasSuffix("within the status page's pollen and UV request") == true)
    }

    /// 8 variables over one day weigh one call: the request stays one call per city.
    @Test func theRequestStaysOneCallPerCity() {
        #expect(APICost.pollenAndUVVariables == 8)
        #expect(APICost.weight(variables: APICost.pollenAndUVVariables, days: 1) == 1)
    }
}
