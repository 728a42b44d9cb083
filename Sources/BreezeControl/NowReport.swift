import BreezeModel
import BreezeOpenMeteo
import Foundation

/// One configured city and what Open-Meteo said about it.
struct NowRow: Sendable {
    var city: City
    var outcome: Result<CurrentConditions, FetchError>
}

/// How `breezectl now` shows readings: a table for people, JSON for scripts.
enum NowReport {
    static let unit = "µg/m³"

    /// One line per city, columns aligned; the band coloured when `colours`.
    static func table(_ rows: [NowRow], colours: Bool) -> String {
        let header = ["City", "AQI", "Band", "Dominant"] + Pollutant.allCases.map(\.label)
        let cellRows = [header.map { Cell($0) }] + rows.map { cells($0, colours: colours) }
        let rendered = TextTable(rightAligned: [1]).lines(cellRows)
        return (rendered + droppedLines(rows) + ["Concentrations in \(unit); status against EPA's Good and Moderate limits."])
            .joined(separator: "\n")
    }

    /// Why a city shows "no data" where Open-Meteo sent something: `Paris: dropped us_aqi 1e+19
    /// is beyond the AQI scale (0–500)`.
    private static func droppedLines(_ rows: [NowRow]) -> [String] {
        rows.compactMap { row in
            guard case .success(let conditions) = row.outcome, !conditions.rejectedValues.isEmpty else { return nil }
            return "\(row.city.name): dropped \(conditions.rejectedValues.joined(separator: "; "))"
        }
    }

    private static func cells(_ row: NowRow, colours: Bool) -> [Cell] {
        let name = Cell(row.city.name)
        guard case .success(let conditions) = row.outcome else {
            if case .failure(let error) = row.outcome {
                return [name, Cell("—"), Cell("error: \(error)")]
            }
            return [name]
        }
        let reading = conditions.reading
        guard reading.usAQI != nil || !reading.concentrations.isEmpty else {
            return [name, Cell("—"), Cell("no data")]
        }
        var result = [name]
        if let aqi = reading.usAQI, let band = Band(aqi: aqi) {
            let text = "\(band.emoji) \(band.label)"
            let width = TextTable.columns(text)
            let colour = colours ? NowPresentation.ansiColour(band) : ""
            result.append(Cell(colours ? colour + String(aqi) + "\u{1B}[0m" : String(aqi), width: String(aqi).count))
            result.append(Cell(colours ? colour + text + "\u{1B}[0m" : text, width: width))
        } else {
            result += [Cell("—"), Cell("no data")]
        }
        result.append(Cell(NowPresentation.dominant(reading).map(\.label) ?? "—"))
        for pollutant in Pollutant.allCases {
            guard let value = reading.concentrations[pollutant] else {
                result.append(Cell("no data"))
                continue
            }
            result.append(Cell("\(decimal(value)) \(NowPresentation.status(pollutant, value: value))"))
        }
        return result
    }

    /// A JSON array, one object per city in configuration order: `city`, `latitude`,
    /// `longitude`, then either `error`, or `time`, `aqi`, `band`, `bandLabel`,
    /// `dominantPollutant` and `pollutants` (each `value`, `unit`, `status`), null for no data.
    static func json(_ rows: [NowRow]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try? encoder.encode(rows.map(CityObject.init))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    private struct CityObject: Encodable {
        var row: NowRow

        enum Key: String, CodingKey {
            case city, latitude, longitude, error, time, aqi, band, bandLabel, dominantPollutant
            case pollutants, rejectedValues
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(row.city.name, forKey: .city)
            try container.encode(row.city.latitude, forKey: .latitude)
            try container.encode(row.city.longitude, forKey: .longitude)
            switch row.outcome {
            case .failure(let error):
                try container.encode(error.description, forKey: .error)
            case .success(let conditions):
                let reading = conditions.reading
                let band = reading.usAQI.flatMap(Band.init(aqi:))
                try container.encode(reading.time, forKey: .time)
                try container.encode(reading.usAQI, forKey: .aqi)
                try container.encode(band?.slug, forKey: .band)
                try container.encode(band.map(\.label), forKey: .bandLabel)
                try container.encode(NowPresentation.dominant(reading)?.rawValue, forKey: .dominantPollutant)
                var pollutants: [String: PollutantObject] = [:]
                for pollutant in Pollutant.allCases {
                    let value = reading.concentrations[pollutant]
                    pollutants[pollutant.rawValue] = PollutantObject(
                        value: value, status: value.map { NowPresentation.status(pollutant, value: $0) })
                }
                try container.encode(pollutants, forKey: .pollutants)
                if !conditions.rejectedValues.isEmpty {
                    try container.encode(conditions.rejectedValues, forKey: .rejectedValues)
                }
            }
        }
    }

    private struct PollutantObject: Encodable {
        var value: Double?
        var status: String?

        enum Key: String, CodingKey { case value, unit, status }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(value, forKey: .value)
            try container.encode(NowReport.unit, forKey: .unit)
            try container.encode(status, forKey: .status)
        }
    }

    /// One decimal, or none for values of 100 and more.
    static func decimal(_ value: Double) -> String {
        abs(value) >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    /// Table text and the columns it takes on a terminal (escape codes take none).
    private typealias Cell = TextTable.Cell
}
