import BreezeSensors
import Foundation
import Testing

/// EPA's piecewise PurpleAir correction against the formula as the slide prints it (EPA,
/// "Sensor data cleaning and correction: application on the AirNow Fire and Smoke Map",
/// October 2021, slide 26), written out here again rather than calling the code:
///
///     0   ≤ x < 30 : 0.524x − 0.0862RH + 5.75
///     30  ≤ x < 50 : [0.786(x/20 − 3/2) + 0.524(1 − (x/20 − 3/2))]x − 0.0862RH + 5.75
///     50  ≤ x < 210: 0.786x − 0.0862RH + 5.75
///     210 ≤ x < 260: [0.69(x/50 − 21/5) + 0.786(1 − (x/50 − 21/5))]x − 0.0862RH(1 − (x/50 − 21/5))
///                    + 2.966(x/50 − 21/5) + 5.75(1 − (x/50 − 21/5)) + 8.84×10⁻⁴·x²·(x/50 − 21/5)
///     260 ≤ x      : 2.966 + 0.69x + 8.84×10⁻⁴·x²
@Suite struct EPACorrectionTests {
    /// The slide's formula, `lastQuadratic` the coefficient of x² in its last branch.
    static func slide(_ x: Double, _ rh: Double, lastQuadratic: Double = 8.84e-4) -> Double {
        let y: Double
        if x < 30 {
            y = 0.524 * x - 0.0862 * rh + 5.75
        } else if x < 50 {
            y = (0.786 * (x / 20 - 3.0 / 2) + 0.524 * (1 - (x / 20 - 3.0 / 2))) * x - 0.0862 * rh + 5.75
        } else if x < 210 {
            y = 0.786 * x - 0.0862 * rh + 5.75
        } else if x < 260 {
            y = (0.69 * (x / 50 - 21.0 / 5) + 0.786 * (1 - (x / 50 - 21.0 / 5))) * x
                - 0.0862 * rh * (1 - (x / 50 - 21.0 / 5)) + 2.966 * (x / 50 - 21.0 / 5)
                + 5.75 * (1 - (x / 50 - 21.0 / 5)) + 8.84e-4 * x * x * (x / 50 - 21.0 / 5)
        } else {
            y = 2.966 + 0.69 * x + lastQuadratic * x * x
        }
        return max(0, y)
    }

    static let breakpoints: [Double] = [30, 50, 210, 260]
    static let epsilon = 0.001

    /// Whether `f` meets itself at `breakpoint` within 0.003 µg/m³, as EPA's branches do.
    static func isContinuous(_ f: (Double, Double) -> Double, at breakpoint: Double, humidity: Double) -> Bool {
        abs(f(breakpoint - epsilon, humidity) - f(breakpoint, humidity)) < 0.003
    }

    @Test(arguments: [29.999, 30, 49.999, 50, 209.999, 210, 259.999, 260])
    func eachSideOfEachBreakpointIsTheSlide(x: Double) {
        for rh in [0.0, 35, 50, 80, 100] {
            let corrected = EPACorrection.purpleAir(atm: x, humidity: rh)
            #expect(abs(corrected - Self.slide(x, rh)) < 1e-9, "x \(x), RH \(rh)")
        }
    }

    /// One value inside each branch, worked by hand from the slide's coefficients.
    @Test(arguments: [
        // 0.524·20 − 0.0862·40 + 5.75 = 10.48 − 3.448 + 5.75
        (20.0, 40.0, 12.782),
        // s = 40/20 − 1.5 = 0.5: (0.393 + 0.262)·40 − 4.31 + 5.75 = 26.2 + 1.44
        (40.0, 50.0, 27.64),
        // 0.786·100 − 4.31 + 5.75
        (100.0, 50.0, 80.04),
        // t = 235/50 − 4.2 = 0.5: (0.345 + 0.393)·235 − 4.31·0.5 + 2.966·0.5 + 5.75·0.5
        //   + 8.84e-4·55225·0.5 = 173.43 − 2.155 + 1.483 + 2.875 + 24.40945
        (235.0, 50.0, 200.04245),
        // 2.966 + 0.69·300 + 8.84e-4·90000 = 2.966 + 207 + 79.56
        (300.0, 50.0, 289.526),
    ])
    func insideEachBranch(x: Double, rh: Double, expected: Double) {
        #expect(abs(EPACorrection.purpleAir(atm: x, humidity: rh) - expected) < 1e-9)
        #expect(abs(Self.slide(x, rh) - expected) < 1e-9)
    }

    @Test(arguments: breakpoints)
    func continuousAtEachBreakpoint(breakpoint: Double) {
        for rh in [0.0, 50, 100] {
            #expect(
                Self.isContinuous(EPACorrection.purpleAir(atm:humidity:), at: breakpoint, humidity: rh),
                "x \(breakpoint), RH \(rh)")
        }
    }

    @Test func smokeAbove260IgnoresHumidity() {
        for rh in [0.0, 12.5, 50, 99, 100] {
            #expect(abs(EPACorrection.purpleAir(atm: 300, humidity: rh) - 289.526) < 1e-9)
        }
        #expect(EPACorrection.purpleAir(atm: 500, humidity: 0) == EPACorrection.purpleAir(atm: 500, humidity: 100))
    }

    @Test func cleanHumidAirClampsAtZero() {
        // 0.524·0 − 0.0862·100 + 5.75 = −2.87: no negative concentration.
        #expect(EPACorrection.purpleAir(atm: 0, humidity: 100) == 0)
        #expect(EPACorrection.purpleAir(atm: 1, humidity: 100) == 0)
        #expect(EPACorrection.purpleAir(atm: 0, humidity: 0) == 5.75)
    }

    /// A forum copy of the formula has `pow(8.8410, -4)` (1.64e-4) for 8.84e-4 in the last
    /// branch: the continuity check is what catches it, at 260.
    @Test func forumTypoBreaksContinuityAt260() {
        let typo: Double = pow(8.8410 as Double, -4 as Double)
        #expect(abs(typo - 8.84e-4) > 7e-4)
        let typoed: (Double, Double) -> Double = { x, rh in Self.slide(x, rh, lastQuadratic: typo) }
        for rh in [0.0, 50, 100] {
            #expect(!Self.isContinuous(typoed, at: 260, humidity: rh))
            #expect(Self.isContinuous(typoed, at: 210, humidity: rh))
            #expect(Self.isContinuous({ x, rh in Self.slide(x, rh) }, at: 260, humidity: rh))
        }
    }
}
