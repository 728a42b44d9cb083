/// One row of an EPA breakpoint table, concentrations counted in truncation steps of the
/// key's table unit (PM2.5 row 35.5–55.4 µg/m³ is 355…554), so the formula is integer maths.
struct BreakpointRow: Sendable {
    var concentrations: ClosedRange<Int64>
    var indices: ClosedRange<Int>

    init(_ low: Int64, _ high: Int64, _ indexLow: Int, _ indexHigh: Int) {
        concentrations = low...high
        indices = indexLow...indexHigh
    }

    /// EPA's linear interpolation, rounded half up without binary fractions:
    /// I = I_lo + (I_hi − I_lo)(C − BP_lo) / (BP_hi − BP_lo).
    func index(steps: Int64) -> Int {
        let numerator = Int64(indices.upperBound - indices.lowerBound) * (steps - concentrations.lowerBound)
        let denominator = concentrations.upperBound - concentrations.lowerBound
        return indices.lowerBound + Int((2 * numerator + denominator) / (2 * denominator))
    }
}

/// The 2024 EPA breakpoints (Technical Assistance Document EPA-454/B-24-002).
enum BreakpointTable {
    /// `key`'s rows, lowest first: built once, not for every rating.
    static func rows(for key: AQIKey) -> [BreakpointRow] { byPosition[key.position] }

    /// Whether concentrations above the table's top are "beyond the AQI" (over 500), as
    /// opposed to outside what this averaging period defines.
    static func topIsEndOfIndex(for key: AQIKey) -> Bool { topIsEndOfIndexByPosition[key.position] }

    // Every key's rows and top by `AQIKey.position`: a rating looks its table up by index,
    // not by building the rows again.
    private static let byPosition: [[BreakpointRow]] = AQIKey.allCases.map(table)
    private static let topIsEndOfIndexByPosition: [Bool] = byPosition.map { $0.last!.indices.upperBound == 500 }

    private static func table(_ key: AQIKey) -> [BreakpointRow] {
        switch key {
        case .pm2_5:  // 0.1 µg/m³
            [.init(0, 90, 0, 50), .init(91, 354, 51, 100), .init(355, 554, 101, 150),
             .init(555, 1254, 151, 200), .init(1255, 2254, 201, 300), .init(2255, 3254, 301, 500)]
        case .pm10:  // 1 µg/m³
            [.init(0, 54, 0, 50), .init(55, 154, 51, 100), .init(155, 254, 101, 150),
             .init(255, 354, 151, 200), .init(355, 424, 201, 300), .init(425, 604, 301, 500)]
        case .o3:  // 0.001 ppm; 8-hour O₃ defines no AQI above 300
            [.init(0, 54, 0, 50), .init(55, 70, 51, 100), .init(71, 85, 101, 150),
             .init(86, 105, 151, 200), .init(106, 200, 201, 300)]
        case .o3_1h:  // 0.001 ppm; 1-hour O₃ defines no AQI below 101
            [.init(125, 164, 101, 150), .init(165, 204, 151, 200), .init(205, 404, 201, 300),
             .init(405, 604, 301, 500)]
        case .co:  // 0.1 ppm
            [.init(0, 44, 0, 50), .init(45, 94, 51, 100), .init(95, 124, 101, 150),
             .init(125, 154, 151, 200), .init(155, 304, 201, 300), .init(305, 504, 301, 500)]
        case .no2:  // 1 ppb
            [.init(0, 53, 0, 50), .init(54, 100, 51, 100), .init(101, 360, 101, 150),
             .init(361, 649, 151, 200), .init(650, 1249, 201, 300), .init(1250, 2049, 301, 500)]
        case .so2:  // 1 ppb; 1-hour SO₂ defines no AQI above 200
            [.init(0, 35, 0, 50), .init(36, 75, 51, 100), .init(76, 185, 101, 150),
             .init(186, 304, 151, 200)]
        case .so2_24h:  // 1 ppb; 24-hour SO₂ defines only AQI 201 and above
            [.init(305, 604, 201, 300), .init(605, 1004, 301, 500)]
        }
    }
}
