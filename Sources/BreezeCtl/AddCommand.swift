import BreezeCommandLine
import BreezeConfig
import BreezeModel
import BreezeOpenMeteo

/// `breezectl add`: add a city to the configuration as a drop-in of its own.
enum AddCommand: BreezectlCommand {
    static let name = "add"
    static let summary = "Add a city to the configuration"
    static let help = """
        Usage: breezectl add QUERY [--pick N] [--name NAME] [--quiet] [--config PATH]
               breezectl add --name NAME --latitude LAT --longitude LON
                             [--country COUNTRY] [--region REGION] [--config PATH]

        Add a city: write <name>.conf into the configuration's drop-in folder (PATH.d, so
        breezed.conf.d/ for breezed.conf), after checking that the whole resulting
        configuration is valid. Nothing is written when it is not, when the city is already
        configured or the file exists. Then run 'sudo breezectl reload' (or 'systemctl reload
        breezed'). Only the warnings the new city brings are printed (a larger API cost, say);
        those the configuration had before are check-config's.

        With QUERY the city is looked up through Open-Meteo's geocoding (as 'breezectl search'
        shows it) and the first candidate is taken, or the Nth with --pick.

        \(ExitStatusTable.text(exitStatuses))

        Options:
          --pick N          take the Nth candidate of the look-up (default 1)
          --name NAME       the city's name, as alerts will show it
          --latitude LAT    degrees north, -90 to 90
          --longitude LON   degrees east, -180 to 180
          --country COUNTRY shown with the name (Country=); from the look-up by default
          --region REGION   shown with the name (Region=); from the look-up by default
          --quiet           no progress line (the look-up's request in flight, time) on a terminal
          --config PATH     main configuration file (default \(DefaultPaths.configuration))
        """

    static let exitStatuses = [
        ExitStatus(.success, "added"),
        ExitStatus(.failure, "not added: no match, too few candidates, or the city or file exists"),
        ExitStatus(.usage, "bad arguments (a missing --name/--latitude/--longitude, a bad number)"),
        ExitStatus(.unavailable, "the geocoding API is unreachable or failing"),
        ExitStatus(.cannotCreate, "the drop-in file could not be written"),
        ExitStatus(.configuration, "the configuration is (or would be) invalid (a name over 200 characters, say), or the API key refused"),
    ]

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        let specification = ArgumentSpecification(
            flags: ["quiet"], options: ["name", "latitude", "longitude", "config", "pick", "country", "region"])
        let parsed: ParsedArguments
        switch parse(arguments, specification, context: context) {
        case .finish(let status): return status
        case .proceed(let arguments): parsed = arguments
        }
        let configurationPath = parsed.value("config") ?? DefaultPaths.configuration
        if !parsed.positionals.isEmpty, parsed.value("latitude") == nil, parsed.value("longitude") == nil {
            return addFromLookUp(parsed, configurationPath: configurationPath, context: context)
        }
        let city: City
        switch cityFromArguments(parsed) {
        case .success(let found): city = found
        case .failure(let problem):
            context.console.printError("breezectl add: \(problem.message)")
            return .usage
        }
        return add(city, configurationPath: configurationPath, context: context)
    }

    /// `breezectl add QUERY`: the city comes from Open-Meteo's geocoding.
    static func addFromLookUp(_ parsed: ParsedArguments, configurationPath: String, context: CommandContext)
        -> ExitCode
    {
        let console = context.console
        let query = parsed.positionals.joined(separator: " ").trimmingBlanks
        guard !query.isEmpty else {
            console.printError("breezectl add: QUERY is empty; give a place name, e.g. 'breezectl add Paris'")
            return .usage
        }
        var pick = 1
        if let text = parsed.value("pick") {
            guard let value = Int(text), (1...100).contains(value) else {
                console.printError("breezectl add: --pick needs a number from 1 to 100, not '\(text)'")
                return .usage
            }
            pick = value
        }
        guard
            let configuration = loadConfiguration(
                path: configurationPath, optional: false, command: name, context: context, secretFiles: .apiKeyOnly)
        else { return .configuration }
        let access = OpenMeteoAccess(settings: configuration.breeze, clock: context.clock)
        let progress = context.progress(.lookUp(name, query: query), quiet: parsed.has("quiet"))
        let places: [GeocodedPlace]
        do {
            // Finished as the look-up ends, answered or not: before its error is printed.
            defer { progress.finish() }
            places = try access.reporting(to: progress).geocode(query, count: max(5, pick))
        } catch {
            console.printError(
                "breezectl add: cannot search Open-Meteo's geocoding API at \(access.endpoints.geocodingURL): \(error)")
            return error.isRefusedKey ? .configuration : .unavailable
        }
        guard places.count >= pick else {
            console.printError(
                places.isEmpty
                    ? "breezectl add: no place matches '\(query)'"
                    : "breezectl add: '\(query)' has only \(Counted.text(places.count, "candidate")), not \(pick)")
            return .failure
        }
        // Named as 'breezectl search' names its section: qualified when candidates share a name.
        var city = SearchOutput.named(places)[pick - 1]
        if let name = parsed.value("name") { city.name = name }
        if let country = parsed.value("country") { city.country = country }
        if let region = parsed.value("region") { city.admin1 = region }
        if places.count > 1 {
            let others = places.enumerated().filter { $0.offset != pick - 1 }.prefix(4)
                .map { "\($0.offset + 1). \(TerminalText.escaped($0.element.city.displayName))" }
            console.printError(
                "taking \(pick). \(TerminalText.escaped(places[pick - 1].city.displayName)); others: "
                    + "\(others.joined(separator: "; ")) (use --pick N)")
        }
        return add(city, configurationPath: configurationPath, context: context)
    }

    /// The city named by `--name/--latitude/--longitude`.
    static func cityFromArguments(_ parsed: ParsedArguments) -> Result<City, UsageError> {
        let name = parsed.value("name")
        let latitude = parsed.value("latitude")
        let longitude = parsed.value("longitude")
        if let query = parsed.positionals.first {
            return .failure(UsageError("unexpected argument '\(query)' beside --latitude/--longitude"))
        }
        let missing = [("--name", name), ("--latitude", latitude), ("--longitude", longitude)]
            .filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty, let name, let latitude, let longitude else {
            return .failure(UsageError("missing \(missing.joined(separator: ", ")); try 'breezectl add --help'"))
        }
        guard !name.trimmingBlanks.isEmpty,
            !name.contains(where: \.isNewline)
        else { return .failure(UsageError("--name must be a non-empty single line")) }
        guard let latitudeValue = Double(latitude), latitudeValue.isFinite else {
            return .failure(UsageError("--latitude needs a number, not '\(latitude)'"))
        }
        guard let longitudeValue = Double(longitude), longitudeValue.isFinite else {
            return .failure(UsageError("--longitude needs a number, not '\(longitude)'"))
        }
        for (option, value) in [("--country", parsed.value("country")), ("--region", parsed.value("region"))] {
            if let value, value.contains(where: \.isNewline) {
                return .failure(UsageError("\(option) must be a single line"))
            }
        }
        return .success(
            City(
                name: name, country: parsed.value("country"), admin1: parsed.value("region"),
                latitude: latitudeValue, longitude: longitudeValue))
    }

    /// Checks and writes the drop-in for `city`; every source of cities ends here.
    static func add(_ city: City, configurationPath: String, context: CommandContext) -> ExitCode {
        let console = context.console
        // Checked before anything is read: the load would refuse it too, but a geocoder's 5 MB
        // name deserves a message that says so plainly.
        if let (what, problem) = CityDropIn.tooLong(city) {
            let option = ["name": "--name NAME", "country": "--country COUNTRY", "region": "--region REGION"][what] ?? ""
            console.printError(
                "breezectl add: the city's \(what) \(problem); give another with \(option). Nothing was written.")
            return .configuration
        }
        let loadContext = LoadContext.system(environment: context.environment)
        let sources: [ConfigurationSource]
        let existing: LoadedConfiguration
        do {
            sources = try ConfigurationLoader.readSources(path: configurationPath)
            existing = try ConfigurationLoader.load(sources: sources, context: loadContext)
        } catch {
            error.errors.forEach { console.printError($0.description) }
            console.printError("breezectl add: the configuration has errors; fix them first. Nothing was written.")
            return .configuration
        }
        let configured = existing.configuration.cities + existing.configuration.disabledCities
        if let twin = configured.first(where: { $0.city.name.lowercased() == city.name.lowercased() }) {
            console.printError(
                "breezectl add: a city named \"\(TerminalText.escaped(twin.city.name))\" is already configured. Nothing was written.")
            return .failure
        }
        let path = ConfigurationLoader.dropInDirectory(for: configurationPath) + "/"
            + CityDropIn.fileName(for: city.name)
        if FileSystem.exists(path) {
            console.printError("breezectl add: \(path) already exists. Nothing was written.")
            return .failure
        }
        let text = CityDropIn.render(city)
        let result: LoadedConfiguration
        do {
            result = try ConfigurationLoader.load(
                sources: sources + [ConfigurationSource(path: path, text: text, permissions: 0o644)],
                context: loadContext)
        } catch {
            error.errors.forEach { console.printError($0.description) }
            console.printError("breezectl add: the city would make the configuration invalid. Nothing was written.")
            return .configuration
        }
        // The configuration's own warnings (a short PollInterval=, say) are check-config's
        // and the daemon's to show; only what the new city changes is news here.
        result.warnings.filter { !existing.warnings.contains($0) }.forEach { console.printError("warning: \($0)") }
        do {
            try DropInWriter.create(path, text: text)
        } catch {
            console.printError("breezectl add: \(error)")
            return FileSystem.exists(path) ? .failure : .cannotCreate
        }
        // Escaped before it is printed with the lines the console keeps: a "\n" in a name
        // must not start a line of its own.
        console.print("added \(TerminalText.escaped(city.displayName)) (\(city.latitude), \(city.longitude)) in \(path)")
        console.print("run 'sudo breezectl reload' to start watching it")
        return .success
    }
}
