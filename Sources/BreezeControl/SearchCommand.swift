import BreezeCommandLine
import BreezeModel
import BreezeOpenMeteo
import Foundation

/// `breezectl search`: look a city up by name with Open-Meteo's geocoder.
enum SearchCommand: ControlCommand {
    static let name = "search"
    static let summary = "Look a city up by name"
    static let help = """
        Usage: breezectl search QUERY [--count N] [--json] [--config PATH]

        Look a place up by name ("Paris", "Paris, France", "Springfield, US") with
        Open-Meteo's geocoding API and print each candidate with its coordinates,
        population and time zone, and a [City "…"] section ready to paste into the
        configuration (or use 'breezectl add').

        Exit status: 0 found, 1 no match, 69 the geocoding API is unreachable, 78 bad
        configuration.

        Options:
          --count N       at most N candidates, 1 to 100 (default 5)
          --json          print a JSON array instead, for scripts
          --config PATH   configuration file, for GeocodingURL (default: /etc/breeze/breezed.conf
                          if it exists, else Open-Meteo's public service)
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        let specification = ArgumentSpecification(flags: ["json"], options: ["count", "config"])
        let parsed: ParsedArguments
        switch parse(arguments, specification, context: context) {
        case .finish(let status): return status
        case .proceed(let arguments): parsed = arguments
        }
        let console = context.console
        guard !parsed.positionals.isEmpty else {
            console.printError("breezectl search: missing QUERY; try 'breezectl search --help'")
            return .usage
        }
        let query = parsed.positionals.joined(separator: " ")
        var count = 5
        if let text = parsed.value("count") {
            guard let value = Int(text), (1...100).contains(value) else {
                console.printError("breezectl search: --count needs a number from 1 to 100, not '\(text)'")
                return .usage
            }
            count = value
        }
        guard
            let configuration = loadConfiguration(
                path: parsed.value("config"), optional: true, command: name, context: context, secretFiles: .apiKeyOnly)
        else { return .configuration }
        let access = OpenMeteoAccess(settings: configuration.breeze)
        return search(query, count: count, json: parsed.has("json"), access: access, console: console)
    }

    /// Looks `query` up and prints the candidates; the core, free of configuration loading.
    static func search(
        _ query: String, count: Int, json: Bool, access: OpenMeteoAccess, console: Console
    ) -> ExitCode {
        let places: [GeocodedPlace]
        do {
            places = try access.geocode(query, count: count)
        } catch {
            console.printError(
                "breezectl search: cannot search Open-Meteo's geocoding API at "
                    + "\(access.endpoints.geocodingURL): \(error)")
            return .unavailable
        }
        if json {
            console.print(SearchOutput.json(places))
            return places.isEmpty ? .failure : .success
        }
        guard !places.isEmpty else {
            console.printError("breezectl search: no place matches '\(query)'")
            return .failure
        }
        console.print(SearchOutput.text(places))
        return .success
    }
}

/// How `breezectl search` shows candidates.
enum SearchOutput {
    /// Numbered candidates, each with its details and a configuration section.
    static func text(_ places: [GeocodedPlace]) -> String {
        places.enumerated().map { index, place in
            var details = ["\(number(place.city.latitude)), \(number(place.city.longitude))"]
            if let population = place.population { details.append("population \(grouped(population))") }
            details.append(place.city.timeZone ?? "time zone unknown")
            return "\(index + 1). \(place.city.displayName)\n   \(details.joined(separator: " · "))\n"
                + section(place.city).split(separator: "\n").map { "   " + $0 }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// `[City "…"]` with Latitude=, Longitude= and, when known, TimeZone=.
    static func section(_ city: City) -> String {
        let escaped = city.name.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
        var lines = [
            "[City \"\(escaped)\"]", "Latitude=\(number(city.latitude))",
            "Longitude=\(number(city.longitude))",
        ]
        if let timeZone = city.timeZone { lines.append("TimeZone=\(timeZone)") }
        return lines.joined(separator: "\n")
    }

    /// A JSON array: one object per candidate, the section included.
    static func json(_ places: [GeocodedPlace]) -> String {
        let objects: [[String: Any]] = places.map { place in
            var object: [String: Any] = [
                "name": place.city.name, "displayName": place.city.displayName,
                "latitude": place.city.latitude, "longitude": place.city.longitude,
                "section": section(place.city),
            ]
            object["country"] = place.city.country
            object["admin1"] = place.city.admin1
            object["timeZone"] = place.city.timeZone
            object["countryCode"] = place.countryCode
            object["population"] = place.population
            object["featureCode"] = place.featureCode
            object["elevation"] = place.elevation
            return object
        }
        let data = try? JSONSerialization.data(
            withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// Degrees in plain notation, at most five decimals.
    static func number(_ degrees: Double) -> String {
        var text = String(format: "%.5f", degrees)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// 3426354 → "3,426,354".
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }
}
