import Testing

@testable import BreezeOpenMeteo

/// The byte-level coordinate formatter against the string-building one it replaced.
struct CoordinateFormatTests {
    static func reference(_ degrees: Double) -> String {
        let scaled = Int((abs(degrees) * 100_000).rounded())
        let whole = scaled / 100_000
        var fraction = String(scaled % 100_000)
        fraction = String(repeating: "0", count: 5 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = degrees < 0 && scaled != 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    @Test func matchesTheStringBuildingFormatter() {
        var values: [Double] = [0, -0.0, 90, -90, 180, -180, 0.000004, -0.000004, 0.000005, 179.999999, 1e-9, 52.52, -0.1]
        for step in stride(from: -180.0, through: 180.0, by: 0.0137) { values.append(step) }
        for value in values {
            #expect(Coordinate.format(value) == Self.reference(value), "\(value)")
        }
    }
}
