import BreezeCommandLine
import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import BreezeState

/// `breezectl now`: show current readings for the configured cities.
enum NowCommand: BreezectlCommand {
    static let name = "now"
    static let summary = "Show current readings for the configured cities"
    static let help = """
        Usage: breezectl now [--city NAME] [--forecast] [--json] [--quiet] [--config PATH]

        Fetch the current air from Open-Meteo for every configured city (or one), as breezed
        polls it, and show a table at most 100 columns wide: the city with its Region= and
        Country=, the alerting AQI (as AQISource= chooses: NowCast by default; marked * when it
        is Open-Meteo's, with the reason of a fallback below the table), Open-Meteo's US AQI
        beside it (OM), the band, the dominant pollutant (MAIN), and each pollutant's
        concentration in
        µg/m³, marked + above EPA's Good limit and ! above its Moderate limit. Below the table,
        each [Sensor] as breezed last asked it (from its state file): its latest PM2.5, NowCast
        AQI and verdict; an outdoor one with a NowCast is what breezed alerts on. A value
        Open-Meteo does not have is shown as "—" (null in JSON); a city that failed says
        "error", its error on a line of its own on standard error.

        \(ExitStatusTable.text(exitStatuses))

        Options:
          --city NAME     only this configured city (case-insensitive)
          --forecast      show each city's coming days instead: the forecast peak AQI and band,
                          the hours at or above its ForecastThreshold, the dominant pollutant,
                          or "beyond the forecast horizon"
          --json          print a JSON array of objects instead, for scripts
          --quiet         no progress line (cities fetched, requests, time) on a terminal
          --config PATH   main configuration file (default \(DefaultPaths.configuration))
        """

    static let exitStatuses = [
        ExitStatus(.success, "shown (a city that failed is marked in the table)"),
        ExitStatus(.usage, "bad arguments, or --city names no configured city"),
        ExitStatus(.unavailable, "Open-Meteo unreachable or failing for every city"),
        ExitStatus(.configuration, "bad configuration, no city configured, or Open-Meteo refused the API key"),
    ]

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        let specification = ArgumentSpecification(flags: ["json", "forecast", "quiet"], options: ["city", "config"])
        let parsed: ParsedArguments
        switch parse(arguments, specification, context: context) {
        case .finish(let status): return status
        case .proceed(let arguments): parsed = arguments
        }
        let console = context.console
        if let extra = parsed.positionals.first {
            console.printError("breezectl now: unexpected argument '\(extra)'")
            return .usage
        }
        guard
            let configuration = loadConfiguration(
                path: parsed.value("config"), optional: false, command: name, context: context, secretFiles: .apiKeyOnly)
        else { return .configuration }
        let sources = Dictionary(configuration.cities.map { ($0.city.name, $0.alert.aqiSource) }) { first, _ in first }
        let chosen: [CityConfiguration]
        switch CitySelection.cities(configuration, named: parsed.value("city")) {
        case .success(let selected): chosen = selected
        case .failure(let unknown):
            console.printError("breezectl now: \(unknown.text)")
            return .usage
        }
        let cities = chosen.map(\.city)
        guard !cities.isEmpty else {
            console.printError("breezectl now: no city is configured; add one with 'breezectl add'")
            return .configuration
        }
        if parsed.has("forecast") {
            return NowForecast.run(
                chosen, json: parsed.has("json"),
                access: OpenMeteoAccess(settings: configuration.breeze, clock: context.clock), console: console, now: context.clock().wall,
                progress: context.progress(.cities(name, total: cities.count), quiet: parsed.has("quiet")))
        }
        // breezed's state holds no secret and is readable by anyone; without it, no sensors.
        let state = try? StateStore(stateDirectory: configuration.breeze.stateDirectory).read()
        return now(
            cities, json: parsed.has("json"), access: OpenMeteoAccess(settings: configuration.breeze, clock: context.clock),
            console: console, sources: sources, grounds: state?.cities.compactMapValues(\.ground) ?? [:],
            progress: context.progress(.cities(name, total: cities.count), quiet: parsed.has("quiet")))
    }

    /// Fetches and prints readings for `cities`; the core, free of configuration loading.
    /// `sources` is each city's `AQISource=` by name (default nowcast). The request is the
    /// daemon's poll (`PollRequestShape`), and the alerting AQI its computation. `progress`
    /// hears each request and each city read, and is finished before anything is printed.
    static func now(
        _ cities: [City], json: Bool, access: OpenMeteoAccess, console: Console, sources: [String: AQISource] = [:],
        grounds: [String: CityGround] = [:], progress: ProgressReporter = .silent
    ) -> ExitCode {
        let access = access.reporting(to: progress)
        let client = AirQualityClient(
            endpoints: access.endpoints, transport: access.transport,
            retryPolicy: OpenMeteoAccess.interactiveRetries, environment: access.retryEnvironment)
        let results = client.poll(for: cities.map(\.coordinate), deadline: access.deadline) { index, conditions in
            progress.done(cities[index].displayName)
            return conditions
        }
        progress.finish()
        let rows = zip(cities, results).map { city, result in
            NowRow(
                city: city, outcome: result.map(\.current),
                alerting: try? result.get().alertingAQI(sources[city.name] ?? .nowcast), ground: grounds[city.name])
        }
        let failures = rows.compactMap { row -> FetchError? in
            guard case .failure(let error) = row.outcome else { return nil }
            return error
        }
        if failures.count == rows.count, let first = failures.first {
            console.printError(
                "breezectl now: cannot fetch readings from Open-Meteo at \(access.endpoints.apiURL): \(first)")
            if first.isRefusedKey { return .configuration }
            return .unavailable
        }
        for row in rows {
            if case .failure(let error) = row.outcome {
                console.printError("breezectl now: \(row.city.displayName): \(error)")
            }
        }
        if json {
            console.printJSON(NowReport.json(rows))
        } else {
            console.print(NowReport.table(rows, colours: console.colours))
        }
        return .success
    }
}
