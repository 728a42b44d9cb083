import BreezeAlerts
import BreezeModel
import Testing

@testable import BreezeCtl

/// `breezectl outbox`'s city column: a digest lists several cities, so it says how many.
struct OutboxReportPlaceTests {
    static func event(_ kind: AlertEventKind, city: String) -> AlertEvent {
        AlertEvent(
            id: "x", kind: kind, city: City(name: city, latitude: 0, longitude: 0), aqi: nil, band: nil,
            previousBand: nil, dominantPollutant: nil, concentrations: [:], pollutantsOverLimit: [],
            observedAt: "", createdAt: 0)
    }

    @Test func aDigestSaysHowManyCitiesItLists() {
        var digest = Self.event(.digest, city: "")
        digest.digest = DigestDetails(
            day: "2026-12-01", receiver: "ops",
            cities: [DigestCity(city: City(name: "Paris", latitude: 0, longitude: 0)), DigestCity(city: City(name: "東京", latitude: 0, longitude: 0))])
        #expect(OutboxReport.place(digest) == "digest of 2 cities")
        digest.digest?.cities.removeLast()
        #expect(OutboxReport.place(digest) == "digest of 1 city")
        #expect(OutboxReport.place(Self.event(.firing, city: "Paris")) == "Paris")
    }
}
