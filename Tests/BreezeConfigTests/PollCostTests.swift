import BreezeModel
import Testing

@testable import BreezeConfig

/// The cost of the poll's real request shape, counted as Open-Meteo counts it.
struct PollCostTests {
    static let city = "[City \"Paris\"]\nLatitude=48.8566\nLongitude=2.3522\n"

    /// Ten variables (`us_aqi`, three sub-indices, six hourly pollutants) over 8 days (72 past hours
    /// for the status page's 48-hour history, 120 ahead): one call.
    @Test func thePollWeighsOneCallPerCity() {
        let shape = PollRequestShape.standard
        #expect(shape.current == ["us_aqi", "us_aqi_pm2_5", "us_aqi_pm10", "us_aqi_ozone"])
        #expect(shape.hourly == Pollutant.allCases)
        #expect(shape.variableCount == 10)
        #expect(shape.days == 8)
        #expect(shape.weight == 1)
        #expect(APICost.pollShape == shape)
        #expect(APICost.callsPerPoll(locations: 1000) == 1000)
        // One more variable, or more than 14 days, would cost more: the shape sits at the limit.
        var wider = shape
        wider.current.append("us_aqi_nitrogen_dioxide")
        #expect(wider.weight == 1.1)
        var longer = shape
        longer.pastHours = 24 * 10
        #expect(longer.weight > 1)
        #expect(APICost.callsPerPoll(locations: 2, variables: longer.variableCount, days: longer.days) == 4)
    }

    /// A poll that asks only for the current hour ahead (the city's kept forecast stands) has
    /// the same variables and past hours, and the same weight: the estimate holds for both.
    @Test func thePollWithoutTheForecastWeighsTheSame() {
        let shape = PollRequestShape.withoutForecast
        #expect(shape.current == PollRequestShape.standard.current)
        #expect(shape.hourly == PollRequestShape.standard.hourly)
        #expect(shape.pastHours == 72 && shape.forecastHours == 1)
        #expect(shape.weight == 1 && shape.weight == PollRequestShape.standard.weight)
        #expect(shape.formFields.first { $0.0 == "forecast_hours" }?.1 == "1")
    }

    /// A poll of the recent hours (over the city's kept hours) has the same variables, 3 past
    /// hours and the current one: never more than one call, so the estimate (one call per
    /// location, `APICost.pollShape`) holds for every shape.
    @Test func thePollOfTheRecentHoursWeighsTheSame() {
        let shape = PollRequestShape.recent
        #expect(shape.current == PollRequestShape.standard.current)
        #expect(shape.hourly == PollRequestShape.standard.hourly)
        #expect(shape.pastHours == 3 && shape.forecastHours == 1)
        #expect(shape.formFields.first { $0.0 == "past_hours" }?.1 == "3")
        for each in PollRequestShape.all {
            #expect(each.weight == APICost.pollShape.weight && each.weight == 1)
        }
        #expect(Set(PollRequestShape.all.map(\.pastHours)) == [72, 3])
    }

    /// The form fields the client sends come from the same shape the estimate counts.
    @Test func theFormFieldsAreTheShape() {
        let fields = PollRequestShape.standard.formFields
        #expect(fields.map(\.0) == ["current", "hourly", "past_hours", "forecast_hours", "timeformat"])
        #expect(fields[0].1 == "us_aqi,us_aqi_pm2_5,us_aqi_pm10,us_aqi_ozone")
        #expect(fields[1].1 == "pm2_5,pm10,nitrogen_dioxide,sulphur_dioxide,ozone,carbon_monoxide")
        #expect(fields[2].1 == "72" && fields[3].1 == "120" && fields[4].1 == "unixtime")
    }

    /// Pollen and UV: 7 variables weigh 1 call per city, every 3 hours: 8 a day per city. The
    /// climate trend: 6 one-day ranges of one variable, once a day: 6 per city.
    @Test func theStatusPageExtrasAreCountedApart() throws {
        #expect(APICost.weight(variables: APICost.pollenAndUVVariables) == 1)
        #expect(APICost.pollenAndUVCallsPerDay(locations: 1) == 8)
        #expect(APICost.pollenAndUVCallsPerDay(locations: 20) == 160)
        #expect(APICost.climateTrendCallsPerDay(locations: 20) == 120)
        let configuration = try #require(Load.text(Self.city).configuration)
        #expect(
            ConfigurationCheck.extrasSummary(configuration)
                == "status page: +8 API calls/day for pollen and UV (every 3h), +6 for the climate trend (once a day)")
    }

    @Test func checkConfigStillSaysOneCallPerCityPerPoll() throws {
        let configuration = try #require(Load.text(Self.city).configuration)
        #expect(ConfigurationCheck.summary(configuration) == "configuration OK: 1 city, 0 receivers, ~96 API calls/day")
    }
}
