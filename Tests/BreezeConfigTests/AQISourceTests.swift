import BreezeModel
import Testing

@testable import BreezeConfig

/// `AQISource=` in `[Alert]` and per city.
struct AQISourceTests {
    static let city = "[City \"Paris\"]\nLatitude=48.8566\nLongitude=2.3522\n"

    @Test func nowcastIsTheDefault() throws {
        let configuration = try #require(Load.text(Self.city).configuration)
        #expect(configuration.alertDefaults.aqiSource == .nowcast)
        #expect(configuration.cities.first?.alert.aqiSource == .nowcast)
    }

    @Test func alertSetsItAndACityOverridesIt() throws {
        let text = "[Alert]\nAQISource=Open-Meteo\n" + Self.city
            + "[City \"Lyon\"]\nLatitude=45.76\nLongitude=4.83\nAQISource=nowcast\n"
        let configuration = try #require(Load.text(text).configuration)
        #expect(configuration.alertDefaults.aqiSource == .openMeteo)
        let sources = Dictionary(uniqueKeysWithValues: configuration.cities.map { ($0.city.name, $0.alert.aqiSource) })
        #expect(sources == ["Paris": .openMeteo, "Lyon": .nowcast])
    }

    @Test func anEmptyAssignmentGoesBackToTheInheritedValue() throws {
        let configuration = try #require(
            Load.text("[Alert]\nAQISource=open-meteo\n" + Self.city + "AQISource=\n").configuration)
        #expect(configuration.cities.first?.alert.aqiSource == .openMeteo)
    }

    @Test func aBadValueNamesTheFileLineKeyAndBothValues() {
        let outcome = Load.text("[Alert]\nThreshold=unhealthy\nAQISource=airnow\n" + Self.city)
        #expect(outcome.configuration == nil)
        #expect(outcome.errors == ["breezed.conf:3: AQISource=airnow: use nowcast or open-meteo"])
        let inCity = Load.text(Self.city + "AQISource=epa\n")
        #expect(inCity.errors == ["breezed.conf:4: AQISource=epa: use nowcast or open-meteo"])
    }
}
