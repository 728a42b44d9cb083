import BreezeModel
import Testing

struct AQICalculatorTests {
    static func concentration(_ text: String, _ unit: ConcentrationUnit) -> Concentration {
        Concentration(ExactDecimal(text)!, unit)
    }

    /// The public worked examples in epa-aqi.md.
    @Test(arguments: [
        (AQIKey.pm2_5, "35.9", ConcentrationUnit.microgramsPerCubicMetre, 102),
        (.pm2_5, "9.0", .microgramsPerCubicMetre, 50), (.pm2_5, "12.1", .microgramsPerCubicMetre, 57),
        (.o3_1h, "0.162", .partsPerMillion, 147), (.co, "8.4", .partsPerMillion, 90),
        (.no2, "120", .partsPerBillion, 105),
    ])
    func workedExamples(key: AQIKey, text: String, unit: ConcentrationUnit, expected: Int) throws {
        #expect(try SubIndex(key: key, concentration: Self.concentration(text, unit)).aqi == expected)
    }

    /// Points where the formula lands exactly on .5: round half up, never 0.4999… down.
    @Test(arguments: [
        (AQIKey.no2, "77", 76), (.no2, "505", 176), (.o3, "0.072", 105), (.o3, "0.153", 251),
        (.so2, "245", 176),
    ])
    func exactHalvesRoundUp(key: AQIKey, text: String, expected: Int) throws {
        let value = Self.concentration(text, key.tableUnit)
        #expect(try SubIndex(key: key, concentration: value).aqi == expected)
    }

    /// Truncation, not rounding, before the lookup; conversion happens before truncation.
    @Test(arguments: [
        (AQIKey.pm2_5, "35.49", ConcentrationUnit.microgramsPerCubicMetre, "35.4", 100),
        (.pm2_5, "9.09", .microgramsPerCubicMetre, "9", 50),
        (.pm10, "54.9", .microgramsPerCubicMetre, "54", 50),
        (.o3, "0.0709", .partsPerMillion, "0.07", 100), (.o3, "78.9", .partsPerBillion, "0.078", 126),
        (.co, "4.49", .partsPerMillion, "4.4", 50), (.no2, "100.99", .partsPerBillion, "100", 100),
        // 153 µg/m³ × 24.45 / 48.00 = 77.93… ppb → 0.077 ppm.
        (.o3, "153", .microgramsPerCubicMetre, "0.077", 122),
        // 5040 µg/m³ × 24.45 / 28.01 = 4399.4… ppb → 4.3 ppm.
        (.co, "5040", .microgramsPerCubicMetre, "4.3", 49),
        // 188.2 µg/m³ × 24.45 / 46.01 = 100.0… ppb; 188.1 gives 99.95… → 99.
        (.no2, "188.2", .microgramsPerCubicMetre, "100", 100), (.no2, "188.1", .microgramsPerCubicMetre, "99", 99),
    ])
    func truncation(key: AQIKey, text: String, unit: ConcentrationUnit, truncated: String, expected: Int) throws {
        let subIndex = try SubIndex(key: key, concentration: Self.concentration(text, unit))
        #expect(subIndex.truncated == ExactDecimal(truncated))
        #expect(subIndex.aqi == expected)
    }

    @Test func inputErrors() {
        #expect(throws: AQIInputError.negativeConcentration(.pm10)) {
            try SubIndex(key: .pm10, concentration: Self.concentration("-1", .microgramsPerCubicMetre))
        }
        #expect(throws: AQIInputError.unitNotApplicable(.pm2_5, .partsPerBillion)) {
            try SubIndex(key: .pm2_5, concentration: Self.concentration("3", .partsPerBillion))
        }
    }

    @Test func overallIsTheMaximumWithItsDominantPollutant() throws {
        let index = try AirQualityIndex(concentrations: [
            .pm2_5: Self.concentration("35.9", .microgramsPerCubicMetre),
            .o3: Self.concentration("0.078", .partsPerMillion),
            .no2: Self.concentration("120", .partsPerBillion),
        ])
        #expect(index.outcome == .index(126, dominant: .o3))
        #expect(index.band == .unhealthyForSensitiveGroups)
        #expect(index.category == .unhealthyForSensitiveGroups)
        #expect(index.subIndices.map(\.key) == [.pm2_5, .o3, .no2])
    }

    @Test func theLargerOzoneSubIndexCounts() throws {
        let index = try AirQualityIndex(concentrations: [
            .o3: Self.concentration("0.078", .partsPerMillion),
            .o3_1h: Self.concentration("0.162", .partsPerMillion),
        ])
        #expect(index.outcome == .index(147, dominant: .o3_1h))
    }

    @Test(arguments: [
        // 8-hour O₃ above 0.200 ppm alone: undetermined, even with a rated PM value beside it.
        ([AQIKey.o3: "0.250", .pm2_5: "12.1"], AirQualityIndex.Outcome.undetermined(.o3)),
        // …but a 1-hour value takes over.
        ([.o3: "0.250", .o3_1h: "0.450"], .index(346, dominant: .o3_1h)),
        ([.so2: "400"], .undetermined(.so2)),
        ([.so2: "400", .so2_24h: "310"], .index(203, dominant: .so2_24h)),
        // 24-hour SO₂ below 305 ppb and 1-hour O₃ below 0.125 ppm rate nothing.
        ([.so2_24h: "100", .o3_1h: "0.1"], .noIndex),
        ([.so2_24h: "100", .so2: "100"], .index(112, dominant: .so2)),
        // Beyond the AQI wins over everything.
        ([.pm2_5: "400", .o3: "0.300"], .beyondTheAQI(dominant: .pm2_5)),
        // Ties go to the earlier key.
        ([.pm10: "54", .pm2_5: "9.0"], .index(50, dominant: .pm2_5)),
        ([:], .noIndex),
    ])
    func combinationRules(values: [AQIKey: String], outcome: AirQualityIndex.Outcome) throws {
        var concentrations: [AQIKey: Concentration] = [:]
        for (key, text) in values { concentrations[key] = Self.concentration(text, key.tableUnit) }
        #expect(try AirQualityIndex(concentrations: concentrations).outcome == outcome)
    }

    @Test func beyondTheAQIIsHazardousWithoutANumber() throws {
        let index = try AirQualityIndex(concentrations: [.pm10: Self.concentration("700", .microgramsPerCubicMetre)])
        #expect(index.aqi == nil)
        #expect(index.isBeyondTheAQI)
        #expect(index.band == .hazardous)
        #expect(index.dominant == .pm10)
    }

    /// Open-Meteo's Double values are taken as the decimals they print as.
    @Test func readingValuesAreRatedExactly() throws {
        let pm = try #require(Concentration(microgramsPerCubicMetre: 35.9))
        let ozone = try #require(Concentration(microgramsPerCubicMetre: 153))
        let index = try AirQualityIndex(concentrations: [.pm2_5: pm, .o3: ozone])
        #expect(index.subIndex(.pm2_5)?.aqi == 102)
        #expect(index.subIndex(.o3)?.truncated == ExactDecimal("0.077"))
        #expect(index.subIndex(.co) == nil)
        #expect(Concentration(microgramsPerCubicMetre: .nan) == nil)
    }
}
