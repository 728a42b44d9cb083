import BreezeModel
import Testing

/// Both edges of every row of the 2024 tables, written as in epa-aqi.md (table units).
struct BreakpointEdgeTests {
    static let rows: [(AQIKey, String, Int, String, Int)] = [
        (.pm2_5, "0.0", 0, "9.0", 50), (.pm2_5, "9.1", 51, "35.4", 100),
        (.pm2_5, "35.5", 101, "55.4", 150), (.pm2_5, "55.5", 151, "125.4", 200),
        (.pm2_5, "125.5", 201, "225.4", 300), (.pm2_5, "225.5", 301, "325.4", 500),
        (.pm10, "0", 0, "54", 50), (.pm10, "55", 51, "154", 100), (.pm10, "155", 101, "254", 150),
        (.pm10, "255", 151, "354", 200), (.pm10, "355", 201, "424", 300), (.pm10, "425", 301, "604", 500),
        (.o3, "0.000", 0, "0.054", 50), (.o3, "0.055", 51, "0.070", 100), (.o3, "0.071", 101, "0.085", 150),
        (.o3, "0.086", 151, "0.105", 200), (.o3, "0.106", 201, "0.200", 300),
        (.o3_1h, "0.125", 101, "0.164", 150), (.o3_1h, "0.165", 151, "0.204", 200),
        (.o3_1h, "0.205", 201, "0.404", 300), (.o3_1h, "0.405", 301, "0.604", 500),
        (.co, "0.0", 0, "4.4", 50), (.co, "4.5", 51, "9.4", 100), (.co, "9.5", 101, "12.4", 150),
        (.co, "12.5", 151, "15.4", 200), (.co, "15.5", 201, "30.4", 300), (.co, "30.5", 301, "50.4", 500),
        (.no2, "0", 0, "53", 50), (.no2, "54", 51, "100", 100), (.no2, "101", 101, "360", 150),
        (.no2, "361", 151, "649", 200), (.no2, "650", 201, "1249", 300), (.no2, "1250", 301, "2049", 500),
        (.so2, "0", 0, "35", 50), (.so2, "36", 51, "75", 100), (.so2, "76", 101, "185", 150),
        (.so2, "186", 151, "304", 200),
        (.so2_24h, "305", 201, "604", 300), (.so2_24h, "605", 301, "1004", 500),
    ]

    static func rate(_ key: AQIKey, _ text: String) throws -> SubIndex {
        let value = try #require(ExactDecimal(text))
        return try SubIndex(key: key, concentration: Concentration(value, key.tableUnit))
    }

    @Test(arguments: rows)
    func bothEdgesOfEveryRow(key: AQIKey, low: String, lowIndex: Int, high: String, highIndex: Int) throws {
        #expect(try Self.rate(key, low).aqi == lowIndex)
        #expect(try Self.rate(key, high).aqi == highIndex)
    }

    @Test func everyKeyIsCovered() {
        #expect(Set(Self.rows.map(\.0)) == Set(AQIKey.allCases))
    }

    /// Just above the top of each table: beyond the AQI, or outside the period's defined range.
    @Test(arguments: [
        (AQIKey.pm2_5, "325.5", SubIndexOutcome.beyondTheAQI), (.pm10, "605", .beyondTheAQI),
        (.o3, "0.201", .aboveDefinedRange), (.o3_1h, "0.605", .beyondTheAQI),
        (.co, "50.5", .beyondTheAQI), (.no2, "2050", .beyondTheAQI),
        (.so2, "305", .aboveDefinedRange), (.so2_24h, "1005", .beyondTheAQI),
        (.o3_1h, "0.124", .belowDefinedRange), (.so2_24h, "304", .belowDefinedRange),
    ])
    func outsideTheTables(key: AQIKey, text: String, outcome: SubIndexOutcome) throws {
        let subIndex = try Self.rate(key, text)
        #expect(subIndex.outcome == outcome)
        #expect(subIndex.aqi == nil)
        #expect(subIndex.note != nil)
    }

    @Test(arguments: [
        (AQIKey.o3, "0.201", "O₃ 8-hour defines no AQI above 0.200 ppm; give o3_1h to rate it"),
        (.so2, "305", "SO₂ 1-hour defines no AQI above 304 ppb; give so2_24h to rate it"),
        (.o3_1h, "0.124", "O₃ 1-hour defines an AQI only from 0.125 ppm; use o3"),
        (.pm2_5, "325.5", "beyond the AQI: above 325.4 µg/m³"),
    ])
    func notesExplainWhatIsMissing(key: AQIKey, text: String, note: String) throws {
        #expect(try Self.rate(key, text).note == note)
    }
}
