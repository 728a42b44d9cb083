import BreezeModel
import BreezeSystem

/// The journal records of the status page's extras.
enum ExtrasRecords {
    /// `Paris: pollen birch 12, grass 3 grains/m³; UV index 4.2` (info), or with the values
    /// dropped (a warning naming each); `no pollen data here` when the model has none.
    static func pollen(_ reading: PollenReading, city: City) -> LogRecord {
        let counts = PollenType.allCases.compactMap { type in
            reading.counts[type].map { "\(type.rawValue) \(number($0))" }
        }
        var text = "\(city.name): " + (counts.isEmpty ? "no pollen data here" : "pollen " + counts.joined(separator: ", ") + " grains/m³")
        text += "; UV index " + (reading.uvIndex.map(number) ?? "unknown")
        var fields = [("BREEZE_CITY", city.name)]
        for type in PollenType.allCases {
            if let count = reading.counts[type] { fields.append(("BREEZE_POLLEN_" + type.rawValue.uppercased(), number(count))) }
        }
        if let uv = reading.uvIndex { fields.append(("BREEZE_UV_INDEX", number(uv))) }
        guard !reading.problems.isEmpty else { return LogRecord(.info, text, fields: fields) }
        let problems = reading.problems.joined(separator: "; ")
        fields.append(("BREEZE_ERROR", problems))
        return LogRecord(.warning, text + "; dropped: " + problems, fields: fields)
    }

    /// `Paris: climate trend for 2026-12-01: 1980 5.2 °C, …, 2026 7.1 °C (2026-11-24)`.
    static func climate(_ entry: ClimateTrendEntry, city: City) -> LogRecord {
        let points = entry.points.map { point in
            "\(point.year) " + (point.temperatureMaximum.map { number($0) + " °C" } ?? "none")
                + (point.date.map { " (\($0))" } ?? "")
        }
        return LogRecord(
            .info, "\(city.name): climate trend for \(entry.day): " + points.joined(separator: ", "),
            fields: [("BREEZE_CITY", city.name), ("BREEZE_CLIMATE_DAY", entry.day)])
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }
}
