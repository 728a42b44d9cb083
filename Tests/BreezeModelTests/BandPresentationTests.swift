import BreezeModel
import Testing

struct BandPresentationTests {
    @Test func everyBandIsDescribed() {
        #expect(Band.allCases.map(\.label) == [
            "Excellent", "Good", "Moderate", "Slightly High", "Unhealthy for Sensitive Groups", "Unhealthy",
            "Very Unhealthy", "Hazardous",
        ])
        #expect(Band.allCases.map(\.emoji) == ["✨", "😊", "😐", "😕", "😷", "😨", "🚨", "☠️"])
        #expect(Band.allCases.map(\.colourHex) == [
            "#34c759", "#34c759", "#ff9500", "#ff9500", "#ff6b00", "#ff3b30", "#af52de", "#8e0000",
        ])
        for band in Band.allCases {
            #expect((2...4).contains(band.healthTips.count))
            #expect(!band.summary.isEmpty && !band.summary.contains("\n"))
        }
    }

    /// A band lies wholly inside its EPA category.
    @Test(arguments: Band.allCases)
    func bandLiesInItsCategory(band: Band) {
        #expect(EPACategory(aqi: band.lowerBound) == band.category)
        #expect(EPACategory(aqi: band.upperBound ?? 500) == band.category)
    }

    @Test(arguments: [
        (50, EPACategory.good, 51, EPACategory.moderate), (100, .moderate, 101, .unhealthyForSensitiveGroups),
        (150, .unhealthyForSensitiveGroups, 151, .unhealthy), (200, .unhealthy, 201, .veryUnhealthy),
        (300, .veryUnhealthy, 301, .hazardous), (500, .hazardous, 501, .hazardous),
    ])
    func categoryEdges(below: Int, lower: EPACategory, above: Int, upper: EPACategory) {
        #expect(EPACategory(aqi: below) == lower)
        #expect(EPACategory(aqi: above) == upper)
    }

    @Test func negativeIsNoDataNotHazardous() {
        #expect(EPACategory(aqi: -1) == nil)
        #expect(EPACategory(aqi: 0) == .good)
        #expect(EPACategory.allCases.map(\.label) == [
            "Good", "Moderate", "Unhealthy for Sensitive Groups", "Unhealthy", "Very Unhealthy", "Hazardous",
        ])
    }
}
