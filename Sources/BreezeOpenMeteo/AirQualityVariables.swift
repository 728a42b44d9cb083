import BreezeModel

/// The pollen variables Open-Meteo reports (Europe only, in season; null elsewhere).
public enum Pollen: String, CaseIterable, Sendable, Hashable, Codable {
    case alder = "alder_pollen"
    case birch = "birch_pollen"
    case grass = "grass_pollen"
    case mugwort = "mugwort_pollen"
    case olive = "olive_pollen"
    case ragweed = "ragweed_pollen"
}

/// The variable names requested from the air-quality API and the units each must come in.
enum AirQualityVariables {
    static let usAQI = "us_aqi"

    /// `us_aqi`, the six pollutants, then the pollen variables when asked; with
    /// `subIndices`, each pollutant's own US AQI too (`us_aqi_pm2_5`, …), which tells which
    /// pollutant gives the AQI.
    static func names(pollen: Bool, subIndices: Bool = false) -> [String] {
        [usAQI] + Pollutant.allCases.map(\.openMeteoVariable)
            + (subIndices ? Pollutant.allCases.map(subIndexName) : [])
            + (pollen ? Pollen.allCases.map(\.rawValue) : [])
    }

    /// The variable holding `pollutant`'s US AQI sub-index.
    static func subIndexName(_ pollutant: Pollutant) -> String {
        subIndexNames[pollutant]!
    }

    // Built once: every reading of every city looks these up.
    private static let subIndexNames = Dictionary(
        uniqueKeysWithValues: Pollutant.allCases.map { ($0, "us_aqi_" + $0.openMeteoVariable) })
    private static let aqiUnits = ["USAQI"]
    private static let pollenUnits = ["grains/m\u{00B3}"]
    private static let concentrationUnits = ["\u{03BC}g/m\u{00B3}", "\u{00B5}g/m\u{00B3}"]

    /// Why `unit` is not acceptable for `variable`, or nil when it is.
    ///
    /// Concentrations must be µg/m³; Open-Meteo writes μ (U+03BC), and µ (U+00B5) is accepted too.
    static func unitProblem(variable: String, unit: String?) -> String? {
        let accepted: [String]
        if variable == usAQI || variable.hasPrefix(usAQI + "_") {
            accepted = aqiUnits
        } else if variable.hasSuffix("_pollen"), Pollen(rawValue: variable) != nil {
            accepted = pollenUnits
        } else {
            accepted = concentrationUnits
        }
        guard let unit else { return "no unit given for \(variable)" }
        // Byte-equal text is equal; anything else gets String's own comparison.
        guard accepted.contains(where: { $0.utf8.elementsEqual(unit.utf8) }) || accepted.contains(unit) else {
            return "\(variable) came in '\(unit)', expected '\(accepted[0])'"
        }
        return nil
    }
}
