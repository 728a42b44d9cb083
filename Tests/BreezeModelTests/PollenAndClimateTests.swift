import BreezeModel
import Testing

struct PollenTests {
    @Test(arguments: [
        (PollenType.birch, 0.0, PollenLevel.none), (.birch, 0.9, .none), (.birch, 1, .low), (.birch, 14, .low),
        (.birch, 15, .moderate), (.alder, 89, .moderate), (.alder, 90, .high), (.olive, 1499, .high),
        (.olive, 1500, .veryHigh),
        (.grass, 4, .low), (.grass, 5, .moderate), (.grass, 19, .moderate), (.grass, 20, .high),
        (.grass, 199, .high), (.grass, 200, .veryHigh),
        (.ragweed, 9, .low), (.ragweed, 10, .moderate), (.mugwort, 49, .moderate), (.mugwort, 50, .high),
        (.ragweed, 499, .high), (.ragweed, 500, .veryHigh),
    ])
    func levelsFollowTheGroupThresholds(type: PollenType, count: Double, level: PollenLevel) {
        #expect(PollenLevel(type, grainsPerCubicMetre: count) == level)
    }

    @Test func missingOrNegativeCountsAreNoData() {
        #expect(PollenLevel(.grass, grainsPerCubicMetre: -1) == nil)
        #expect(PollenLevel(.grass, grainsPerCubicMetre: .nan) == nil)
    }

    @Test func openMeteoVariables() {
        #expect(PollenType.allCases.map(\.openMeteoVariable) == [
            "alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen",
        ])
        #expect(PollenLevel.allCases.map(\.slug) == ["none", "low", "moderate", "high", "very-high"])
    }
}

struct ClimateTrendTests {
    @Test func differencesFromTheFirstYearWithData() {
        let points = ClimateTrendPoint.series([2020: 23.5, 1980: nil, 1990: 20, 2000: 21, 2026: nil])
        #expect(points.map(\.year) == [1980, 1990, 2000, 2020, 2026])
        #expect(points.map(\.differenceFromFirstYear) == [nil, 0, 1, 3.5, nil])
        #expect(points.map(\.colour) == [.grey, .grey, .orange, .red, .grey])
    }

    @Test(arguments: [
        (2.01, TrendColour.red), (2.0, .orange), (0.51, .orange), (0.5, .grey), (0, .grey), (-0.5, .grey),
        (-0.51, .blue),
    ])
    func colourRule(difference: Double, colour: TrendColour) {
        #expect(TrendColour(difference: difference) == colour)
    }

    @Test(arguments: [(0.0, 32.0), (100, 212), (-40, -40), (37, 98.6)])
    func celsiusAndFahrenheit(celsius: Double, fahrenheit: Double) {
        #expect(abs(TemperatureUnit.fahrenheit.temperature(celsius: celsius) - fahrenheit) < 1e-9)
        #expect(abs(TemperatureUnit.fahrenheit.celsius(from: fahrenheit) - celsius) < 1e-9)
        #expect(TemperatureUnit.celsius.temperature(celsius: celsius) == celsius)
    }

    @Test func differencesConvertWithoutOffset() {
        #expect(TemperatureUnit.fahrenheit.difference(celsius: 1) == 1.8)
        #expect(TemperatureUnit.celsius.difference(celsius: 1) == 1)
    }
}
