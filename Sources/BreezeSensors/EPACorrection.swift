/// EPA's US-wide correction for PurpleAir PM2.5, in the piecewise form the AirNow Fire and Smoke
/// Map applies (EPA, "Sensor data cleaning and correction: application on the AirNow Fire and
/// Smoke Map", October 2021, slide 26; built on Barkjohn, Gantt and Clements, "Development and
/// application of a United States-wide correction for PM2.5 data collected with the PurpleAir
/// sensor", Atmos. Meas. Tech. 14, 4617–4637, 2021, doi:10.5194/amt-14-4617-2021).
///
/// x is the mean of channels A and B at CF=ATM (`pm2_5_atm`, the lower of the device's two
/// numbers: the slide's "x = PM2.5 cf_atm (lower)"); RH the sensor's own `current_humidity` in %.
///
///     x < 30         0.524x − 0.0862RH + 5.75              (Barkjohn 2021; CF=1 equals ATM here)
///     30 ≤ x < 50    [0.786s + 0.524(1 − s)]x − 0.0862RH + 5.75,           s = x/20 − 3/2
///     50 ≤ x < 210   0.786x − 0.0862RH + 5.75
///     210 ≤ x < 260  [0.69t + 0.786(1 − t)]x − 0.0862RH(1 − t) + 2.966t + 5.75(1 − t)
///                    + 8.84·10⁻⁴x²t,                                       t = x/50 − 21/5
///     260 ≤ x        2.966 + 0.69x + 8.84·10⁻⁴x²
///
/// The branches blend into each other (s and t run from 0 to 1), so the curve is continuous
/// to within 0.003 µg/m³. A result below zero (clean air, humid) is 0.
public enum EPACorrection {
    /// Corrected PM2.5 (µg/m³) from `atm` (x, µg/m³) and `humidity` (RH, %). Both must be
    /// finite; callers check them first (`SensorNumbers`).
    public static func purpleAir(atm x: Double, humidity rh: Double) -> Double {
        let corrected: Double
        switch x {
        case ..<30:
            corrected = 0.524 * x - 0.0862 * rh + 5.75
        case 30..<50:
            let s = x / 20 - 3.0 / 2
            corrected = (0.786 * s + 0.524 * (1 - s)) * x - 0.0862 * rh + 5.75
        case 50..<210:
            corrected = 0.786 * x - 0.0862 * rh + 5.75
        case 210..<260:
            let t = x / 50 - 21.0 / 5
            corrected = (0.69 * t + 0.786 * (1 - t)) * x - 0.0862 * rh * (1 - t) + 2.966 * t + 5.75 * (1 - t)
                + 8.84e-4 * x * x * t
        default:
            corrected = 2.966 + 0.69 * x + 8.84e-4 * x * x
        }
        return max(0, corrected)
    }

    /// Barkjohn, Gantt and Clements 2021 (AMT 14:4617), the US-wide correction on CF=1:
    /// `0.524·cf1 − 0.0862·RH + 5.75`, never below 0 — for a PurpleAir whose answer has no
    /// `pm2_5_atm` fields.
    public static func barkjohn2021(cf1: Double, humidity: Double) -> Double {
        max(0, 0.524 * cf1 - 0.0862 * humidity + 5.75)
    }
}
