import BreezeModel
import Testing

@testable import BreezeConfig

/// `ForecastThreshold=`, `ForecastAt=` and `ForecastDays=` in `[Alert]` and per city.
struct ForecastSettingsTests {
    static let city = "[City \"Paris\"]\nLatitude=48.8566\nLongitude=2.3522\n"

    @Test func theDefaultsFollowTheCitysThresholdAt16HoursForTomorrow() throws {
        let configuration = try #require(Load.text(Self.city + "Threshold=unhealthy\n").configuration)
        let forecast = try #require(configuration.cities.first?.alert.forecast)
        #expect(forecast == ForecastSettings(threshold: .sameAsAlert, decideAtMinute: 960, days: 1))
        #expect(forecast.threshold.resolved(alert: configuration.cities[0].alert.threshold) == .band(.unhealthy))
    }

    @Test func alertSetsThemAndACityOverridesThem() throws {
        let text = "[Alert]\nForecastThreshold=150\nForecastAt=7:30\nForecastDays=3\n" + Self.city
            + "[City \"Lyon\"]\nLatitude=45.76\nLongitude=4.83\nForecastThreshold=OFF\nForecastAt=18:05\n"
        let configuration = try #require(Load.text(text).configuration)
        let settings = Dictionary(uniqueKeysWithValues: configuration.cities.map { ($0.city.name, $0.alert.forecast) })
        #expect(settings["Paris"] == ForecastSettings(threshold: .at(.aqi(150)), decideAtMinute: 450, days: 3))
        #expect(settings["Lyon"] == ForecastSettings(threshold: .off, decideAtMinute: 1085, days: 3))
        #expect(settings["Lyon"]?.threshold.resolved(alert: .aqi(101)) == nil)
    }

    @Test func aBandNameWorksAndAnEmptyAssignmentGoesBack() throws {
        let configuration = try #require(
            Load.text("[Alert]\nForecastThreshold=unhealthy\n" + Self.city + "ForecastThreshold=\n").configuration)
        #expect(configuration.cities.first?.alert.forecast.threshold == .at(.band(.unhealthy)))
    }

    @Test func badValuesNameTheFileLineAndKey() {
        let outcome = Load.text(
            "[Alert]\nForecastThreshold=unhealty\nForecastAt=25:00\nForecastDays=5\n" + Self.city
                + "ForecastDays=0\nForecastAt=4pm\nForecastThreshold=501\n")
        #expect(outcome.configuration == nil)
        #expect(
            outcome.errors == [
                "breezed.conf:2: ForecastThreshold=unhealty: unknown band (did you mean unhealthy?); use an AQI "
                    + "number 0 to 500 or one of excellent, good, moderate, slightly-high, unhealthy-for-sensitive-groups, unhealthy, "
                    + "very-unhealthy, hazardous, or off",
                "breezed.conf:3: ForecastAt=25:00: use a local time HH:MM, like 16:00",
                "breezed.conf:4: ForecastDays=5: must be a whole number of days from 1 to 4",
                "breezed.conf:8: ForecastDays=0: must be a whole number of days from 1 to 4",
                "breezed.conf:9: ForecastAt=4pm: use a local time HH:MM, like 16:00",
                "breezed.conf:10: ForecastThreshold=501: AQI out of range 0 to 500, or off",
            ])
    }
}
