import BreezeCommandLine
import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary
import BreezeWeb
import FoundationEssentials

/// One configured city and what Open-Meteo said about it.
struct NowRow: Sendable {
    var city: City
    var outcome: Result<CurrentConditions, FetchError>
    /// The alerting AQI, nil when the fetch failed.
    var alerting: AlertingAQI? = nil
    /// The city's `[Sensor]`s as breezed last polled them (its state file), nil without any or
    /// when the state cannot be read.
    var ground: CityGround? = nil
}

/// How `breezectl now` shows readings: a table for people, JSON for scripts.
enum NowReport {
    static let unit = "µg/m³"

    /// The widest a line of the table gets, in terminal columns: long city names are shortened.
    static let width = 100

    /// One line per city, columns aligned, at most `width` columns; the band coloured when
    /// `colours`. A city that failed says "error" (its error is printed on a line of its own).
    static func table(_ rows: [NowRow], colours: Bool) -> String {
        let header = ["CITY", "AQI", "OM", "BAND", "MAIN"] + Pollutant.allCases.map(\.label)
        let cellRows = [header.map { Cell($0) }] + rows.map { cells($0, colours: colours) }
        let rendered = TextTable(rightAligned: [1, 2], fit: (width, 0)).lines(cellRows)
        return (rendered + droppedLines(rows) + fallbackLines(rows) + [legend, sourceLegend] + sensorLines(rows))
            .joined(separator: "\n")
    }

    /// The cities' sensors as breezed last polled them: a line each, `Paris: sensor backyard
    /// (outdoor) 12.3 µg/m³, NowCast AQI 52, valid`; when one rates the city, breezed alerts on
    /// its AQI, not the model's above. None without sensors.
    static func sensorLines(_ rows: [NowRow]) -> [String] {
        let lines = rows.flatMap { row -> [String] in
            (row.ground?.sensors ?? []).map { sensor in
                "\(row.city.displayName): \(sensor.label) (\(sensor.placement.rawValue)) \(SensorPresentation.pm2_5(sensor)), "
                    + "\(SensorPresentation.nowCast(sensor)), \(SensorPresentation.verdict(sensor))"
            }
        }
        guard !lines.isEmpty else { return [] }
        return ["Sensors, as breezed last asked them (an outdoor one with a NowCast rates its city in breezed):"] + lines
    }

    static let legend = "In \(unit) as rated (NowCast for PM, 8-hour for O₃ and CO, else the hour's);\n"
        + "+ above EPA's Good limit, ! above its Moderate limit. MAIN: the dominant pollutant."
    static let sourceLegend = "AQI: NowCast as AirNow (* Open-Meteo's: AQISource=open-meteo or a fallback). OM: Open-Meteo's."

    /// Why a NowCast city shows Open-Meteo's AQI: `Paris: Open-Meteo's us_aqi (hourly series
    /// unusable: …)`, or none at all: `Paris: no AQI: …, and there is no Open-Meteo us_aqi to
    /// fall back on`; and the pollutants NowCast left out: `Paris: NowCast left out PM2.5 NowCast: 1 of
    /// the 3 newest hours present, 2 required`.
    private static func fallbackLines(_ rows: [NowRow]) -> [String] {
        rows.flatMap { row -> [String] in
            guard let alerting = row.alerting else { return [] }
            var lines: [String] = []
            if let missing = alerting.missingReason {
                lines.append("\(row.city.displayName): no AQI: \(missing)")
            } else if let reason = alerting.fallbackReason {
                lines.append("\(row.city.displayName): Open-Meteo's us_aqi (\(reason))")
            }
            if !alerting.leftOut.isEmpty {
                lines.append("\(row.city.displayName): NowCast left out \(alerting.leftOut.joined(separator: "; "))")
            }
            return lines
        }
    }

    /// Why a city shows "no data" where Open-Meteo sent something: `Paris: dropped us_aqi 1e+19
    /// is beyond the AQI scale (0–500)`.
    private static func droppedLines(_ rows: [NowRow]) -> [String] {
        rows.compactMap { row in
            guard case .success(let conditions) = row.outcome, !conditions.rejectedValues.isEmpty else { return nil }
            return "\(row.city.displayName): dropped \(conditions.rejectedValues.joined(separator: "; "))"
        }
    }

    private static func cells(_ row: NowRow, colours: Bool) -> [Cell] {
        let name = Cell(row.city.displayName)
        guard case .success(let conditions) = row.outcome else {
            return [name, Cell("—"), Cell("—"), Cell("error")]
        }
        let reading = conditions.reading
        guard reading.usAQI != nil || !reading.concentrations.isEmpty else {
            return [name, Cell("—"), Cell("—"), Cell("no data")]
        }
        var result = [name]
        let aqi = row.alerting?.aqi ?? reading.usAQI
        let marker = row.alerting?.source == .nowcast ? "" : "*"
        result.append(Cell(aqi.map { "\($0)\(marker)" } ?? "—"))
        result.append(Cell(reading.usAQI.map(String.init) ?? "—"))
        if let aqi, let band = Band(aqi: aqi) {
            let text = NowPresentation.bandText(band)
            let width = TerminalWidth.columns(text)
            let colour = colours ? NowPresentation.ansiColour(band) : ""
            let shown = "\(aqi)\(marker)"
            result[1] = Cell(colours ? colour + shown + "\u{1B}[0m" : shown, width: shown.count)
            result.append(Cell(colours ? colour + text + "\u{1B}[0m" : text, width: width))
        } else {
            result.append(Cell("no data"))
        }
        let dominant = row.alerting?.dominantPollutant ?? NowPresentation.dominant(reading)
        result.append(Cell(dominant.map(\.label) ?? "—"))
        for pollutant in Pollutant.allCases {
            guard let value = rated(pollutant, row: row, reading: reading)?.value else {
                result.append(Cell("—"))
                continue
            }
            result.append(Cell(decimal(value) + NowPresentation.marker(pollutant, value: value)))
        }
        return result
    }

    /// A JSON array, one object per city in configuration order: `city`, `latitude`,
    /// `longitude`, `country` and `region` (null when not configured), then either `error`, or
    /// `time`, `aqi` (the alerting AQI), `aqiSource`, `openMeteoAQI`, `aqiFallback`, `aqiLeftOut`
    /// (the pollutants NowCast left out for too few hours, each with why), `band`, `bandLabel`,
    /// `dominantPollutant` and `pollutants` (each `value` (the hour's), `unit`, `ratedValue`,
    /// `ratedOn` (`nowcast`, `8-hour`, `1-hour`, or `hour`), and `status` and `category` of
    /// the rated value, as payloads have them), null for no data.
    static func json(_ rows: [NowRow]) -> JSONOutput {
        JSONOutput.array(rows.map(object))
    }

    private static func object(_ row: NowRow) -> JSONOutput {
        var object: [String: JSONOutput] = [
            "city": .string(row.city.name), "country": .text(row.city.country), "region": .text(row.city.admin1),
            "latitude": .number(row.city.latitude), "longitude": .number(row.city.longitude),
            "sensors": SensorPresentation.members(row.ground),
        ]
        switch row.outcome {
        case .failure(let error):
            object["error"] = .string(error.description)
        case .success(let conditions):
            let reading = conditions.reading
            let aqi = row.alerting?.aqi ?? reading.usAQI
            let band = aqi.flatMap(Band.init(aqi:))
            object["time"] = .string(reading.time.text)
            object["aqi"] = .integer(aqi)
            object["aqiSource"] = .string(row.alerting?.source.rawValue ?? AQISource.openMeteo.rawValue)
            object["openMeteoAQI"] = .integer(reading.usAQI)
            object["aqiFallback"] = .text(row.alerting?.fallbackReason)
            object["aqiLeftOut"] = .array((row.alerting?.leftOut ?? []).map { .string($0) })
            object["band"] = .text(band?.slug)
            object["bandLabel"] = .text(band?.label)
            let dominant = row.alerting?.dominantPollutant ?? NowPresentation.dominant(reading)
            object["dominantPollutant"] = .text(dominant?.rawValue)
            var pollutants: [String: JSONOutput] = [:]
            for pollutant in Pollutant.allCases {
                let rated = rated(pollutant, row: row, reading: reading)
                pollutants[pollutant.rawValue] = .object([
                    "value": .number(reading.concentrations[pollutant]), "unit": .string(unit),
                    "ratedValue": .number(rated?.value), "ratedOn": .text(rated?.ratedOn),
                    "status": .text(rated.flatMap { NowPresentation.status(pollutant, value: $0.value) }),
                    "category": .text(rated.flatMap { NowPresentation.category(pollutant, value: $0.value) }),
                ])
            }
            object["pollutants"] = .object(pollutants)
            if !conditions.rejectedValues.isEmpty {
                object["rejectedValues"] = .array(conditions.rejectedValues.map { .string($0) })
            }
        }
        return .object(object)
    }

    /// The value `pollutant`'s category comes from: the NowCast AQI's average when it has
    /// one (`AlertingAQI.ratedAverages`), else the hour's; nil without either.
    static func rated(_ pollutant: Pollutant, row: NowRow, reading: Reading) -> RatedConcentration? {
        RatedConcentration(
            pollutant, average: row.alerting?.ratedAverages[pollutant], hour: reading.concentrations[pollutant])
    }

    /// One decimal, or none for values of 100 and more; ">9999" above that, so a wild value
    /// cannot widen the table.
    static func decimal(_ value: Double) -> String {
        if !value.isFinite || abs(value) > 9999 { return value < 0 ? "<-9999" : ">9999" }
        return abs(value) >= 100 ? FixedDecimal.text(value, decimals: 0) : FixedDecimal.text(value, decimals: 1)
    }

    /// Table text and the columns it takes on a terminal (escape codes take none).
    private typealias Cell = TextTable.Cell
}
