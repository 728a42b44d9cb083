import BreezeModel
import Testing

struct BandTests {
    @Test(arguments: [
        (25, Band.excellent, 26, Band.good), (50, .good, 51, .moderate),
        (75, .moderate, 76, .slightlyHigh), (100, .slightlyHigh, 101, .unhealthyForSensitiveGroups),
        (150, .unhealthyForSensitiveGroups, 151, .unhealthy), (200, .unhealthy, 201, .veryUnhealthy),
        (300, .veryUnhealthy, 301, .hazardous),
    ])
    func edgesBelongToTheRightBand(below: Int, lower: Band, above: Int, upper: Band) {
        #expect(Band(aqi: below) == lower)
        #expect(Band(aqi: above) == upper)
    }

    @Test func negativeIsNoDataNotHazardous() {
        #expect(Band(aqi: -1) == nil)
        #expect(Band(aqi: 0) == .excellent)
        #expect(Band(aqi: 999) == .hazardous)
    }

    @Test func slugsRoundTrip() {
        for band in Band.allCases { #expect(Band(slug: band.slug) == band) }
        #expect(Band(slug: "Unhealthy") == nil)
    }
}
