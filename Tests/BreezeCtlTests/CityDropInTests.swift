import BreezeConfig
import BreezeModel
import BreezeVocabulary
import Testing

@testable import BreezeCtl

/// The drop-in `breezectl add` writes: its name and its text.
struct CityDropInTests {
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
        let configuration = try ConfigurationLoader.load(text: text).configuration
        #expect(configuration.cities.first?.city == city)
    }
}
