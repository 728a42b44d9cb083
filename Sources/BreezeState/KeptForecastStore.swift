import BreezeFiles
import BreezeJSON
import BreezeModel
import BreezeVocabulary

/// Loads and saves `KeptForecasts` as `forecast.json` beside `state.json`: written only when a
/// cycle brought a forecast or saw a new model run (a few times a day), not every cycle as the
/// state is, since at 10,000 cities it holds some 40 MB of hours (a value as
/// `KeptForecast.concentration` gives it).
public struct KeptForecastStore: Sendable {
    public let path: String

    public init(stateDirectory: String) {
        path = stateDirectory.hasSuffix("/") ? stateDirectory + "forecast.json" : stateDirectory + "/forecast.json"
    }

    /// The kept forecasts; none when there is no file yet, or when it does not read (it is
    /// only a saving: the forecast is asked for again), the reason then in `problem`.
    public func load() -> (forecasts: KeptForecasts, problem: String?) {
        do {
            guard let bytes = try AtomicFile.read(path) else { return (KeptForecasts(), nil) }
            return (try Self.decode(bytes), nil)
        } catch let error as FileError {
            return (KeptForecasts(), error.description)
        } catch {
            return (KeptForecasts(), "\(path): \(error)")
        }
    }

    /// Writes them atomically.
    public func save(_ forecasts: KeptForecasts) throws(FileError) {
        try AtomicFile.write(Self.encode(forecasts), to: path)
    }

    static let version = 1

    /// Compact JSON, keys sorted: `{"cities":{name:{"firstHour","hours":{pollutant:[…]},
    /// "polledAt","problems","runs"}},"runs":{domain:time},"version":1}`; a value rounded to
    /// 0.001 µg/m³ (what `Float` holds of Open-Meteo's one decimal), null for none.
    static func encode(_ forecasts: KeptForecasts) -> [UInt8] {
        var writer = JSONWriter(layout: .compact, capacity: 64 + forecasts.cities.count * 4_500)
        writer.beginObject()
        writer.key("cities")
        writer.beginObject()
        for name in forecasts.cities.keys.sorted(by: { JSONWriter.precedes($0, $1) }) {
            let kept = forecasts.cities[name]!
            writer.key(name)
            writer.beginObject()
            writer.key("firstHour")
            writer.writeFiniteDouble(kept.firstHour.unixSeconds)
            writer.key("hours")
            writer.beginObject()
            for pollutant in Pollutant.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
                guard let column = kept.columns[pollutant] else { continue }
                writer.key(pollutant.rawValue)
                writer.beginArray()
                for value in column {
                    writer.element()
                    if let value = KeptForecast.concentration(value) { writer.writeFiniteDouble(value) } else { writer.writeNull() }
                }
                writer.endArray()
            }
            writer.endObject()
            if let latitude = kept.latitude, let longitude = kept.longitude, latitude.isFinite, longitude.isFinite {
                writer.key("latitude")
                writer.writeFiniteDouble(latitude)
                writer.key("longitude")
                writer.writeFiniteDouble(longitude)
            }
            writer.key("polledAt")
            writer.writeFiniteDouble(kept.polledAt.unixSeconds)
            writer.key("problems")
            writer.beginArray()
            for problem in kept.problems {
                writer.element()
                writer.writeString(problem)
            }
            writer.endArray()
            writer.key("runs")
            write(kept.runs, &writer)
            writer.endObject()
        }
        writer.endObject()
        writer.key("runs")
        write(forecasts.runs, &writer)
        writer.key("version")
        writer.writeInteger(version)
        writer.endObject()
        return writer.bytes
    }

    private static func write(_ runs: [String: Instant], _ writer: inout JSONWriter) {
        writer.beginObject()
        for domain in runs.keys.sorted(by: { JSONWriter.precedes($0, $1) }) {
            writer.key(domain)
            writer.writeFiniteDouble(runs[domain]!.unixSeconds)
        }
        writer.endObject()
    }

    typealias Failure = JSONSyntaxError
    typealias Reader = StateJSONReader

    static func decode(_ bytes: [UInt8]) throws(Failure) -> KeptForecasts {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(Failure) in
                var scanner = JSONScanner(buffer)
                var forecasts = KeptForecasts()
                var version: Int?
                try Reader.members(&scanner, of: "the kept forecasts") { scanner, key throws(Failure) in
                    if key.equals("version") {
                        version = try Reader.integer(&scanner, "version")
                    } else if key.equals("runs") {
                        forecasts.runs = try runs(&scanner)
                    } else if key.equals("cities") {
                        try Reader.members(&scanner, of: "cities") { scanner, name throws(Failure) in
                            forecasts.cities[name.string] = try city(&scanner)
                        }
                    } else {
                        try Reader.skip(&scanner)
                    }
                }
                guard version == Self.version else { throw scanner.error("not version \(Self.version)") }
                scanner.skipWhitespace()
                guard scanner.isAtEnd else { throw scanner.error("unexpected text after the kept forecasts") }
                return forecasts
            }
        }
        return try outcome.get()
    }

    private static func runs(_ scanner: inout JSONScanner) throws(Failure) -> [String: Instant] {
        var runs: [String: Instant] = [:]
        try Reader.members(&scanner, of: "runs") { scanner, domain throws(Failure) in
            runs[domain.string] = Instant(unixSeconds: try Reader.time(&scanner, "runs"))
        }
        return runs
    }

    private static func city(_ scanner: inout JSONScanner) throws(Failure) -> KeptForecast {
        var firstHour: Instant?
        var polledAt: Instant?
        var columns: [Pollutant: [Float]] = [:]
        var problems: [String] = []
        var runs: [String: Instant] = [:]
        var latitude: Double?
        var longitude: Double?
        try Reader.members(&scanner, of: "a kept forecast") { scanner, key throws(Failure) in
            if key.equals("latitude") {
                latitude = try Reader.number(&scanner, "latitude", in: -90...90)
            } else if key.equals("longitude") {
                longitude = try Reader.number(&scanner, "longitude", in: -180...180)
            } else if key.equals("firstHour") {
                firstHour = Instant(unixSeconds: try Reader.time(&scanner, "firstHour"))
            } else if key.equals("polledAt") {
                polledAt = Instant(unixSeconds: try Reader.time(&scanner, "polledAt"))
            } else if key.equals("runs") {
                runs = try Self.runs(&scanner)
            } else if key.equals("problems") {
                guard try scanner.peekKind() == .array else { throw scanner.error("'problems' is not a list") }
                try scanner.readArray(depth: 3) { scanner throws(Failure) in
                    problems.append(try Reader.string(&scanner, "problems"))
                }
            } else if key.equals("hours") {
                try Reader.members(&scanner, of: "hours") { scanner, name throws(Failure) in
                    let pollutant = try Reader.pollutant(scanner, name)
                    // Made once: made for each of a column's 120 values, the name cost more
                    // than the values.
                    let label = name.string
                    guard try scanner.peekKind() == .array else { throw scanner.error("'\(label)' is not a list") }
                    var column: [Float] = []
                    column.reserveCapacity(24 * 6)
                    try scanner.readArray(depth: 4) { scanner throws(Failure) in
                        // Only what `HourlyConcentrations` would keep: anything else is no value.
                        let value = try Reader.optional(&scanner) { scanner throws(Failure) in
                            try Reader.number(&scanner, label)
                        }
                        column.append(value.flatMap { (0...HourlyConcentrations.largestPlausibleValue).contains($0) ? Float($0) : nil } ?? .nan)
                    }
                    // A forecast reaches days, not years: a longer list is not one breezed wrote.
                    guard column.count <= 24 * 16 else { throw scanner.error("'\(label)' is too long") }
                    columns[pollutant] = column
                }
            } else {
                try Reader.skip(&scanner)
            }
        }
        var kept = KeptForecast(
            polledAt: try Reader.required(scanner, polledAt, "polledAt"), runs: runs,
            firstHour: try Reader.required(scanner, firstHour, "firstHour"), columns: columns, problems: problems)
        kept.latitude = latitude
        kept.longitude = longitude
        return kept
    }
}
