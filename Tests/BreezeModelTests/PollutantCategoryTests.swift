import BreezeModel
import Testing

/// A pollutant's category is its own sub-index's EPA category, in the bands' words (issue 16:
/// the three-level status called PM2.5 37.6 µg/m³ "unhealthy" under an "Unhealthy for
/// Sensitive Groups" band).
struct PollutantCategoryTests {
    @Test func pm25At37Point6IsUnhealthyForSensitiveGroups() throws {
        let rating = try #require(PollutantCategory(.pm2_5, microgramsPerCubicMetre: 37.6))
        #expect(rating.category == .unhealthyForSensitiveGroups)
        #expect(rating.label == "Unhealthy for Sensitive Groups")
        #expect(rating.slug == "unhealthy-for-sensitive-groups")
        #expect(rating.key == .pm2_5)
        // 101 + 49 × (376 − 355) / (554 − 355) = 106.2, EPA's rounding.
        #expect(rating.subIndex == 106)
        #expect(!rating.orWorse)
    }

    @Test(arguments: [
        (Pollutant.pm2_5, 8.0, EPACategory.good), (.pm2_5, 9.0, .good), (.pm2_5, 9.1, .moderate),
        (.pm2_5, 35.4, .moderate), (.pm2_5, 35.5, .unhealthyForSensitiveGroups), (.pm2_5, 93, .unhealthy),
        (.pm10, 54, .good), (.pm10, 155, .unhealthyForSensitiveGroups), (.no2, 41.25, .good),
        (.o3, 80, .good), (.o3, 150, .unhealthyForSensitiveGroups), (.co, 4000, .good), (.so2, 250, .unhealthyForSensitiveGroups),
    ])
    func eachPollutantOnItsOwnBreakpoints(pollutant: Pollutant, value: Double, category: EPACategory) throws {
        #expect(try #require(PollutantCategory(pollutant, microgramsPerCubicMetre: value)).category == category)
    }

    @Test func aboveATableThatStopsShortIsItsTopCategoryOrWorse() throws {
        // 400 µg/m³ of O₃ is 0.204 ppm: the 8-hour table ends at 0.200 ppm (AQI 300).
        let ozone = try #require(PollutantCategory(.o3, microgramsPerCubicMetre: 400))
        #expect(ozone.category == .veryUnhealthy && ozone.orWorse && ozone.subIndex == nil)
        #expect(ozone.label == "Very Unhealthy or worse")
        // 1-hour SO₂ stops at 304 ppb (AQI 200); 1000 µg/m³ is about 382 ppb.
        let sulphur = try #require(PollutantCategory(.so2, microgramsPerCubicMetre: 1000))
        #expect(sulphur.label == "Unhealthy or worse")
    }

    @Test func beyondTheAQIIsHazardousWithoutANumber() throws {
        let rating = try #require(PollutantCategory(.pm2_5, microgramsPerCubicMetre: 600))
        #expect(rating.category == .hazardous && rating.subIndex == nil && !rating.orWorse)
    }

    @Test(arguments: [-1.0, Double.nan, Double.infinity, -Double.infinity])
    func whatIsNotAConcentrationIsNotRated(value: Double) {
        #expect(PollutantCategory(.pm2_5, microgramsPerCubicMetre: value) == nil)
    }

    @Test func anAbsurdlyLargeValueIsStillBeyondTheAQI() throws {
        #expect(try #require(PollutantCategory(.pm2_5, microgramsPerCubicMetre: 1e300)).category == .hazardous)
        #expect(try #require(PollutantCategory(.o3, microgramsPerCubicMetre: 1e300)).label == "Very Unhealthy or worse")
    }
}
