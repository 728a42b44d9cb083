import BreezeModel
import BreezeState
import BreezeVocabulary
import BreezeWeb
import Testing

@testable import BreezeDaemon

/// The one home of the extras, and how it fills the pages' cities.
struct CityExtrasStoreTests {
    static let hour = Instant(unixSeconds: 1_787_234_400)

    @Test func fillPutsEachCitysExtrasOnItsWebCityByName() {
        var store = CityExtrasStore()
        store.temperatureUnit = .fahrenheit
        store.adoptPolled(
            ["Paris": ([HourlyAQI(hour: Self.hour, aqi: 57)], [ForecastDayAQI(day: "2026-08-20", aqi: 60, dominant: .o3)])],
            configured: ["Paris", "Tokyo"])
        store.adoptPollen([
            "Paris": PollenReading(counts: [.birch: 12, .grass: 3], uvIndex: 4.5),
            "Tokyo": PollenReading(uvIndex: 7),
        ])
        let points = ClimateTrendPoint.series([1980: 20, 2026: 23])
        store.adoptClimate(["Paris": ClimateTrendEntry(day: "2026-08-20", latitude: 48.85, longitude: 2.35, points: points)])
        var snapshot = WebSnapshot(
            takenAt: Self.hour, version: "test", pollInterval: .seconds(900),
            cities: [WebCity(name: "Paris", slug: "paris"), WebCity(name: "Tokyo", slug: "tokyo"), WebCity(name: "Oslo", slug: "oslo")])
        store.fill(&snapshot)
        #expect(snapshot.temperatureUnit == .fahrenheit)
        let paris = snapshot.cities[0]
        #expect(paris.history == [HourlyAQI(hour: Self.hour, aqi: 57)])
        #expect(paris.forecast.first?.dominant == .o3)
        #expect(paris.pollen == [.birch: 12, .grass: 3])
        #expect(paris.uvIndex == 4.5)
        #expect(paris.climate?.map(\.year) == [1980, 2026])
        // Tokyo: UV but no pollen at all, which is "no data here", never "none".
        #expect(snapshot.cities[1].pollen == nil)
        #expect(snapshot.cities[1].uvIndex == 7)
        #expect(snapshot.cities[1].climate == nil)
        // A city without extras keeps the defaults.
        #expect(snapshot.cities[2].history.isEmpty && snapshot.cities[2].pollen == nil)
    }

    @Test func aCityMissingFromACycleKeepsItsLastAndAGoneCityIsForgotten() {
        var store = CityExtrasStore()
        store.adoptPolled(["Paris": ([HourlyAQI(hour: Self.hour, aqi: 57)], [])], configured: ["Paris", "Tokyo"])
        store.adoptPolled(["Tokyo": ([HourlyAQI(hour: Self.hour, aqi: 20)], [])], configured: ["Paris", "Tokyo"])
        #expect(store.extras(for: "Paris")?.history.first?.aqi == 57)
        store.adoptPolled([:], configured: ["Tokyo"])
        #expect(store.extras(for: "Paris") == nil)
        #expect(store.extras(for: "Tokyo")?.history.first?.aqi == 20)
    }
}

/// A failed extra is kept per city and kind until that extra comes again.
struct CityExtrasFailureTests {
    static let at = Instant(unixSeconds: 1_787_234_400)

    @Test func aFailureIsKeptUntilTheSameExtraComes() {
        var store = CityExtrasStore()
        let climate = ExtrasFailure(city: "Paris", kind: .climate, reason: "404", at: Self.at, nextTry: Self.at + .seconds(10_800))
        let pollen = ExtrasFailure(city: "Paris", kind: .pollenAndUV, reason: "timed out", at: Self.at, nextTry: Self.at + .seconds(10_800))
        store.adoptFailures([climate, pollen], fetched: [], climateFetched: [])
        #expect(store.failures(order: ["Tokyo", "Paris"]) == [climate, pollen])
        var cities = [WebCity(name: "Paris", slug: "paris")]
        store.fill(&cities)
        #expect(cities[0].failures == [.climate: climate, .pollenAndUV: pollen])
        // Pollen came: its failure goes, the climate's stays.
        store.adoptFailures([], fetched: ["Paris"], climateFetched: [])
        #expect(store.failures(order: ["Paris"]) == [climate])
        store.adoptFailures([], fetched: [], climateFetched: ["Paris"])
        #expect(store.failures(order: ["Paris"]).isEmpty)
    }
}
