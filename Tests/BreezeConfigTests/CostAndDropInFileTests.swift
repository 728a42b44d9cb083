import BreezeModel
import Testing

@testable import BreezeConfig

/// Open-Meteo cost per its weighting, and the drop-in `breezectl add` writes.
struct CostAndDropInFileTests {
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

    @Test(arguments: [
        ("Paris", "paris"), ("New York", "new-york"), ("São Paulo", "sao-paulo"),
        ("  St. John's!! ", "st-john-s"), ("東京", "東京"), ("???", "city"),
    ])
    func slugs(name: String, slug: String) {
        #expect(CityDropIn.slug(name) == slug)
    }

    @Test func theDropInLoadsBackAsTheSameCity() throws {
        let city = City(
            name: "Quote \"Town\" \\ East", country: "Utopia", admin1: "North", latitude: -0.00001,
            longitude: 120, timeZone: "Asia/Tokyo")
        let text = CityDropIn.render(city)
        #expect(text.contains("Latitude=-0.00001\n"))
        #expect(text.contains("Longitude=120\n"))
        let configuration = try #require(Load.text(text).configuration)
        #expect(configuration.cities.first?.city == city)
    }
}
