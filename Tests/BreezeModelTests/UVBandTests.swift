import BreezeModel
import Testing

struct UVBandTests {
    @Test func whoBandsRoundToTheNearestIndex() {
        let cases: [(Double, UVBand)] = [
            (0, .low), (2.4, .low), (2.5, .moderate), (5.4, .moderate), (5.5, .high), (7.4, .high),
            (7.5, .veryHigh), (10.4, .veryHigh), (10.5, .extreme), (16, .extreme),
        ]
        for (index, band) in cases { #expect(UVBand(index: index) == band, "\(index)") }
        #expect(UVBand(index: -1) == nil && UVBand(index: .nan) == nil && UVBand(index: .infinity) == nil)
        #expect(UVBand.allCases.map(\.range) == ["0–2", "3–5", "6–7", "8–10", "11+"])
        #expect(UVBand.veryHigh.label == "Very High" && UVBand.veryHigh.slug == "very-high")
    }

    @Test func pollenCoverageIsTheCAMSEuropeanDomain() {
        #expect(PollenCoverage.covers(latitude: 48.8566, longitude: 2.3522))  // Paris
        #expect(PollenCoverage.covers(latitude: 64.1, longitude: -21.9))  // Reykjavík
        #expect(!PollenCoverage.covers(latitude: 35.68, longitude: 139.69))  // Tokyo
        #expect(!PollenCoverage.covers(latitude: 40.71, longitude: -74.0))  // New York
        #expect(!PollenCoverage.covers(latitude: 78.2, longitude: 15.6))  // Longyearbyen
    }
}
