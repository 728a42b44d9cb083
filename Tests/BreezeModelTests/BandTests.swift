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

struct ReadingTests {
    @Test func dominantPollutantHasTheHighestSubIndex() {
        let reading = Reading(
            time: "t", usAQI: 80, concentrations: [:], subIndices: [.pm2_5: 55, .o3: 80, .no2: 12])
        #expect(reading.dominantPollutant == .o3)
        #expect(Reading(time: "t", usAQI: 80, concentrations: [.pm2_5: 3]).dominantPollutant == nil)
        let tie = Reading(time: "t", usAQI: 50, concentrations: [:], subIndices: [.pm10: 50, .pm2_5: 50])
        #expect(tie.dominantPollutant == .pm2_5)
    }

    /// Open-Meteo's us_aqi driven by a pollutant the poll asks no sub-index of (NO₂, SO₂, CO):
    /// no pollutant it has is named, rather than a wrong one.
    @Test func anAQIAboveEverySubIndexNamesNoPollutant() {
        let reading = Reading(time: "t", usAQI: 151, concentrations: [:], subIndices: [.pm2_5: 55, .pm10: 20, .o3: 80])
        #expect(reading.dominantPollutant == nil)
        let equal = Reading(time: "t", usAQI: 80, concentrations: [:], subIndices: [.pm2_5: 55, .o3: 80])
        #expect(equal.dominantPollutant == .o3)
        let withoutAQI = Reading(time: "t", usAQI: nil, concentrations: [:], subIndices: [.pm2_5: 55])
        #expect(withoutAQI.dominantPollutant == .pm2_5)
    }
}
