import BreezeModel
import Testing

@testable import BreezeConfig
import BreezeVocabulary

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

    // The drop-in is named by the one slug of event ids, so 東京 and 北京 get two files.
    @Test func dropInNamesAreTheCitySlug() {
        #expect(CityDropIn.fileName(for: "São Paulo") == Slug.of("São Paulo") + ".conf")
        #expect(CityDropIn.fileName(for: "São Paulo").hasPrefix("sao-paulo-"))
        #expect(CityDropIn.fileName(for: "東京") != CityDropIn.fileName(for: "北京"))
        #expect(CityDropIn.fileName(for: String(repeating: "東", count: 200)).utf8.count <= Slug.maximumLength + 5)
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
