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

    /// One JSON object on one line, keys sorted: aqi (null unless a number), beyond, band, label,
    /// emoji, category, dominant, and per key its aqi, beyond, concentration and unit as given,
    /// the truncated concentration in the table's unit, the averaging period and any note.
    static func json(_ index: AirQualityIndex) -> String {
        var pollutants: [String: JSONValue] = [:]
        for subIndex in index.subIndices {
            var object: [String: JSONValue] = [
                "aqi": subIndex.aqi.map { .number("\($0)") } ?? .null,
                "beyond": .bool(subIndex.isBeyondTheAQI),
                "concentration": .number(subIndex.concentration.value.description),
                "unit": .string(subIndex.concentration.unit.symbol),
                "truncated": .number(subIndex.truncated.description),
                "truncatedUnit": .string(subIndex.key.tableUnit.symbol),
                "period": .string(subIndex.key.averagingPeriod),
            ]
            if let note = subIndex.note { object["note"] = .string(note) }
            pollutants[subIndex.key.rawValue] = .object(object)
        }
        var undetermined = false
        if case .undetermined = index.outcome { undetermined = true }
        let object: [String: JSONValue] = [
            "aqi": index.aqi.map { .number("\($0)") } ?? .null,
            "beyond": .bool(index.isBeyondTheAQI),
            "undetermined": .bool(undetermined),
            "band": index.band.map { .string($0.slug) } ?? .null,
            "label": index.band.map { .string($0.label) } ?? .null,
            "emoji": index.band.map { .string($0.emoji) } ?? .null,
            "category": index.category.map { .string($0.label) } ?? .null,
            "dominant": index.dominant.map { .string($0.rawValue) } ?? .null,
            "pollutants": .object(pollutants),
        ]
        return JSONValue.object(object).text
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

/// A JSON value, written with sorted object keys so the output is stable.
private indirect enum JSONValue {
    case null
    case bool(Bool)
    /// Already-valid JSON number text (exact decimals are written as they are).
    case number(String)
    case string(String)
    case object([String: JSONValue])

    var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let value): Self.quoted(value)
        case .object(let members):
            "{" + members.keys.sorted().map { "\(Self.quoted($0)): \(members[$0]!.text)" }.joined(separator: ", ") + "}"
        }
    }

    private static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
