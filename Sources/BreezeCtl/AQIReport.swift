import BreezeModel

/// How `breezectl aqi` prints an index: a table for people, one JSON object for programs.
enum AQIReport {
    /// The human-readable report: headline, band, category, dominant pollutant, one row per key.
    static func table(_ index: AirQualityIndex) -> String {
        var lines: [String] = []
        switch index.outcome {
        case .index(let value, _): lines.append("AQI:       \(value)")
        case .beyondTheAQI: lines.append("AQI:       beyond the AQI (above 500)")
        case .undetermined: lines.append("AQI:       cannot be determined")
        case .noIndex: lines.append("AQI:       none (nothing given defines an AQI)")
        }
        if let band = index.band {
            lines.append("Band:      \(band.emoji) \(band.label)")
        }
        if let category = index.category {
            lines.append("Category:  \(category.label) (EPA)")
        }
        if let dominant = index.dominant {
            lines.append("Dominant:  \(dominant.rawValue) (\(dominant.label))")
        }
        lines.append("")
        let header = ["Key", "Pollutant", "Given", "Truncated", "AQI"]
        let rows = index.subIndices.map { subIndex in
            [
                subIndex.key.rawValue, subIndex.key.label, subIndex.concentration.description,
                truncatedText(subIndex), aqiText(subIndex),
            ]
        }
        lines += TextTable().lines([header] + rows)
        let notes = index.subIndices.compactMap { subIndex in subIndex.note.map { "\(subIndex.key.rawValue): \($0)" } }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "Note: \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// One JSON object (see `JSONOutput`): aqi (null unless a number), beyond, band, label,
    /// emoji, category, dominant, and per key its aqi, beyond, concentration and unit as given,
    /// the truncated concentration in the table's unit, the averaging period and any note.
    static func json(_ index: AirQualityIndex) -> JSONOutput {
        var pollutants: [String: JSONOutput] = [:]
        for subIndex in index.subIndices {
            var object: [String: JSONOutput] = [
                "aqi": subIndex.aqi.map { .integer($0) } ?? .null,
                "beyond": .bool(subIndex.isBeyondTheAQI),
                "concentration": .numberText(subIndex.concentration.value.description),
                "unit": .string(subIndex.concentration.unit.symbol),
                "truncated": .numberText(subIndex.truncated.description),
                "truncatedUnit": .string(subIndex.key.tableUnit.symbol),
                "period": .string(subIndex.key.averagingPeriod),
            ]
            if let note = subIndex.note { object["note"] = .string(note) }
            pollutants[subIndex.key.rawValue] = .object(object)
        }
        var undetermined = false
        if case .undetermined = index.outcome { undetermined = true }
        let object: [String: JSONOutput] = [
            "aqi": index.aqi.map { .integer($0) } ?? .null,
            "beyond": .bool(index.isBeyondTheAQI),
            "undetermined": .bool(undetermined),
            "band": index.band.map { .string($0.slug) } ?? .null,
            "label": index.band.map { .string($0.label) } ?? .null,
            "emoji": index.band.map { .string($0.emoji) } ?? .null,
            "category": index.category.map { .string($0.label) } ?? .null,
            "dominant": index.dominant.map { .string($0.rawValue) } ?? .null,
            "pollutants": .object(pollutants),
        ]
        return JSONOutput.object(object)
    }

    private static func truncatedText(_ subIndex: SubIndex) -> String {
        let digits = subIndex.key.truncationFractionDigits
        return "\(subIndex.truncated.description(minimumFractionDigits: digits)) \(subIndex.key.tableUnit.symbol)"
    }

    private static func aqiText(_ subIndex: SubIndex) -> String {
        switch subIndex.outcome {
        case .index(let value): "\(value)"
        case .beyondTheAQI: "beyond (>500)"
        case .belowDefinedRange, .aboveDefinedRange: "–"
        }
    }
}
