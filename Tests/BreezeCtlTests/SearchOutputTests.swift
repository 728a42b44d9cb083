import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary
import Testing

@testable import BreezeCtl

/// What `breezectl search` prints of each candidate: the section `breezectl add` would write.
struct SearchOutputTests {
    func place(_ name: String, region: String?, latitude: Double, timeZone: String? = nil) -> GeocodedPlace {
        GeocodedPlace(
            city: City(
                name: name, country: "United States", admin1: region, latitude: latitude,
                longitude: -89.6501481, timeZone: timeZone),
            population: 114_394)
    }

    @Test func candidatesSharingANameGetSectionsOfTheirOwn() {
        let cities = SearchOutput.named([
            place("Springfield", region: "Illinois", latitude: 39.80172),
            place("Springfield", region: "Missouri", latitude: 37.21533),
        ])
        #expect(cities.map(\.name) == ["Springfield, Illinois", "Springfield, Missouri"])
        #expect(cities.map(\.admin1) == ["Illinois", "Missouri"])
    }

    @Test func theSectionHasFiveDecimalsAtMostAndQuotesWhatNeedsIt() {
        let section = SearchOutput.section(
            City(
                name: "Saint \"Paul\"", country: "United States", admin1: nil, latitude: 44.944167123,
                longitude: -93.093611, timeZone: "America/Chicago"))
        #expect(
            section == """
                [City "Saint \\"Paul\\""]
                Latitude=44.94417
                Longitude=-93.09361
                TimeZone=America/Chicago
                Country="United States"
                """)
    }

    @Test func theSectionIsTheDropInWithoutItsComment() {
        let city = City(name: "Paris", country: "France", admin1: nil, latitude: 48.85341, longitude: 2.3488)
        #expect(CityDropIn.render(city) == "# Added by breezectl add.\n" + SearchOutput.section(city) + "\n")
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (3_426_354, "3,426,354"), (-1_234_567, "-1,234,567")])
    func populationsAreGroupedByThousands(value: Int, text: String) {
        #expect(SearchOutput.grouped(value) == text)
    }

    @Test func degreesDropTrailingZeros() {
        #expect(SearchOutput.number(48.8) == "48.8")
        #expect(SearchOutput.number(48.856614) == "48.85661")
        #expect(SearchOutput.number(120) == "120")
    }
}
