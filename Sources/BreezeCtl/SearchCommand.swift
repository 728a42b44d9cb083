import BreezeCommandLine
import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary
import FoundationEssentials

/// `breezectl search`: look a city up by name with Open-Meteo's geocoder.
enum SearchCommand: BreezectlCommand {
    static let name = "search"
    static let summary = "Look a city up by name"
    static let help = """
        Usage: breezectl search QUERY [--count N] [--json] [--quiet] [--config PATH]

        Look a place up by name ("Paris", "Paris, France", "Springfield, US") with
        Open-Meteo's geocoding API and print each candidate with its coordinates,
        population and time zone, and a [City "…"] section ready to paste into the
        configuration (or use 'breezectl add').

        \(ExitStatusTable.text(exitStatuses))

        Options:
          --count N       at most N candidates, 1 to 100 (default 5)
          --json          print a JSON array instead, for scripts
          --quiet         no progress line (the look-up's request in flight, time) on a terminal
          --config PATH   configuration file, for GeocodingURL (default: /etc/breeze/breezed.conf
                          if it exists, else Open-Meteo's public service)
        """

    static let exitStatuses = [
        ExitStatus(.success, "found"),
        ExitStatus(.failure, "no match (with --json: prints [])"),
        ExitStatus(.usage, "bad arguments: no QUERY, an empty one, or --count out of range"),
        ExitStatus(.unavailable, "the geocoding API is unreachable or failing"),
        ExitStatus(.configuration, "bad configuration, or the geocoding API refused the API key"),
    ]

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        let specification = ArgumentSpecification(flags: ["json", "quiet"], options: ["count", "config"])
        let parsed: ParsedArguments
        switch parse(arguments, specification, context: context) {
        case .finish(let status): return status
        case .proceed(let arguments): parsed = arguments
        }
        let console = context.console
        let query = parsed.positionals.joined(separator: " ").trimmingBlanks
        guard !query.isEmpty else {
            console.printError(
                parsed.positionals.isEmpty
                    ? "breezectl search: missing QUERY; try 'breezectl search --help'"
                    : "breezectl search: QUERY is empty; give a place name, e.g. 'breezectl search Paris'")
            return .usage
        }
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
        let access = OpenMeteoAccess(settings: configuration.breeze, clock: context.clock)
        return search(
            query, count: count, json: parsed.has("json"), access: access, console: console,
            progress: context.progress(.lookUp(name, query: query), quiet: parsed.has("quiet")))
    }

    /// Looks `query` up and prints the candidates; the core, free of configuration loading.
    /// `progress` hears each request, and is finished before anything is printed.
    static func search(
        _ query: String, count: Int, json: Bool, access: OpenMeteoAccess, console: Console,
        progress: ProgressReporter = .silent
    ) -> ExitCode {
        let places: [GeocodedPlace]
        do {
            // Finished as the look-up ends, answered or not: before its error is printed.
            defer { progress.finish() }
            places = try access.reporting(to: progress).geocode(query, count: count)
        } catch {
            console.printError(
                "breezectl search: cannot search Open-Meteo's geocoding API at "
                    + "\(access.endpoints.geocodingURL): \(error)")
            return error.isRefusedKey ? .configuration : .unavailable
        }
        if json {
            console.printJSON(SearchOutput.json(places))
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
        let cities = named(places)
        return places.enumerated().map { index, place in
            var details = ["\(number(place.city.latitude)), \(number(place.city.longitude))"]
            if let population = place.population { details.append("population \(grouped(population))") }
            details.append(place.city.timeZone ?? "time zone unknown")
            let title = TerminalText.escaped(shortened(place.city.displayName))
            let body: String
            if let (what, problem) = CityDropIn.tooLong(cities[index]) {
                // A section that would not load is not worth pasting: say why instead.
                body = "   cannot be added: its \(what) \(problem)"
            } else {
                body = section(cities[index]).split(separator: "\n").map { "   " + $0 }.joined(separator: "\n")
            }
            return "\(index + 1). \(title)\n   \(TerminalText.escaped(details.joined(separator: " · ")))\n" + body
        }.joined(separator: "\n\n")
    }

    /// The candidates' cities, each named as its section will be: distinct from the others.
    static func named(_ places: [GeocodedPlace]) -> [City] {
        let names = CandidateNames.distinct(places.map(\.city))
        return zip(places, names).map { place, name in
            var city = place.city
            city.name = name
            return city
        }
    }

    /// `[City "…"]` with Latitude=, Longitude= and, when known, TimeZone=, Country= and Region=:
    /// the section `breezectl add` would write.
    static func section(_ city: City) -> String {
        var city = city
        city.latitude = Double(number(city.latitude)) ?? city.latitude
        city.longitude = Double(number(city.longitude)) ?? city.longitude
        return CityDropIn.section(city)
    }

    /// A JSON array: one object per candidate, the section included (unknown fields null);
    /// `[]` for no match.
    static func json(_ places: [GeocodedPlace]) -> JSONOutput {
        let cities = named(places)
        return JSONOutput.array(zip(places, cities).map { place, named in
            .object([
                "city": .string(place.city.name), "displayName": .string(place.city.displayName),
                "latitude": .number(place.city.latitude), "longitude": .number(place.city.longitude),
                "sectionName": .string(named.name),
                "section": CityDropIn.tooLong(named) == nil ? .string(section(named)) : .null,
                "country": .text(place.city.country), "admin1": .text(place.city.admin1),
                "timeZone": .text(place.city.timeZone), "countryCode": .text(place.countryCode),
                "population": .integer(place.population), "featureCode": .text(place.featureCode),
                "elevation": .number(place.elevation),
            ])
        })
    }

    /// `text` cut to `NameLimit.maximumLength` scalars, with "…" when cut: a title stays a line.
    static func shortened(_ text: String) -> String {
        guard NameLimit.problem(text) != nil else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(NameLimit.maximumLength))) + "…"
    }

    /// Degrees in plain notation, at most five decimals (or `decimals`).
    static func number(_ degrees: Double, decimals: Int = 5) -> String {
        FixedDecimal.text(degrees, decimals: decimals, trimmingZeros: true)
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
