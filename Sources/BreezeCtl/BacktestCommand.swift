import BreezeBacktest
import BreezeCommandLine
import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary

/// `breezectl backtest`: replay the past days' air through the configured alert rules.
enum BacktestCommand: BreezectlCommand {
    static let name = "backtest"
    static let summary = "Replay past days of air through the configured alert rules"
    static let help = """
        Usage: breezectl backtest [--days N] [--city NAME] [--source nowcast|open-meteo|both]
                                  [--json] [--report FILE] [--quiet] [--config PATH]

        Fetch up to 92 days of hourly history from Open-Meteo for every configured city (or
        one), in the same batched requests the daemon makes, and replay it through each city's
        own rules (Threshold, Hysteresis, ConfirmAfter, RepeatEvery, PollutantLimits,
        SendResolved) and the real alert state machine, polling every PollInterval as breezed
        would (a 10-minute interval judges each hour six times). Nothing is sent, and nothing
        written but the --report page.

        Per city: each episode (when it fired, escalated and resolved, or "still firing" at the
        end, its peak AQI and band), the notifications each receiver would have got, the time
        spent firing, the short episodes (flapping: resolved within an hour, or within twice
        the ConfirmAfter polls when that is longer) and the hours without data. Missing hours neither fire nor
        resolve; values that are not data (negative, not a number, beyond the AQI) are dropped.

        The request weighs max(1, variables/10 × days/14) calls per city: 92 days of the 7
        variables is about 4.6 calls per city, once.

        \(ExitStatusTable.text(exitStatuses))

        Options:
          --days N        days of history, 1–92 (default 92)
          --city NAME     only this configured city (case-insensitive)
          --source NAME   the alerting AQI replayed (default: each city's AQISource=):
                          nowcast (EPA's NowCast for PM2.5 and PM10, 8-hour O3 and CO,
                          1-hour NO2 and SO2, computed from the hourly concentrations; an
                          hour without one falls back to Open-Meteo's us_aqi, counted),
                          open-meteo (Open-Meteo's us_aqi, a 24-hour average that lags),
                          or both: the two side by side, with each pair of overlapping
                          episodes and which source fired and resolved sooner
          --json          print a JSON array of objects instead, for scripts
          --report FILE   also draw the replays on one self-contained HTML page: per city
                          and source, the alerting AQI hour by hour, the threshold and
                          clear level, each episode as a shaded band (written whole, in
                          place of any file there; the output is the same)
          --quiet         no progress line (cities replayed, requests, time) on a terminal
          --config PATH   main configuration file (default \(DefaultPaths.configuration))
        """

    static let exitStatuses = [
        ExitStatus(.success, "replayed (a city that failed is reported on standard error)"),
        ExitStatus(.usage, "bad arguments, or --city names no configured city"),
        ExitStatus(.unavailable, "Open-Meteo unreachable or failing for every city"),
        ExitStatus(.cannotCreate, "the --report file could not be written (the replays are printed all the same)"),
        ExitStatus(.configuration, "bad configuration, no city configured, or Open-Meteo refused the API key"),
    ]

    static let longestDays = 92
    /// The `--source` values: each source alone, or `both`.
    static let sourceNames = BacktestSource.allCases.map(\.name) + ["both"]

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        let specification = ArgumentSpecification(flags: ["json", "quiet"], options: ["city", "config", "days", "report", "source"])
        let parsed: ParsedArguments
        switch parse(arguments, specification, context: context) {
        case .finish(let status): return status
        case .proceed(let arguments): parsed = arguments
        }
        let console = context.console
        if let extra = parsed.positionals.first {
            return usage("unexpected argument '\(extra)'", console: console)
        }
        var days = longestDays
        if let text = parsed.value("days") {
            guard let value = Int(text), (1...longestDays).contains(value) else {
                return usage("--days \(text): expected a whole number of days from 1 to \(longestDays)", console: console)
            }
            days = value
        }
        // Without --source each city replays the AQI it alerts on (its AQISource=).
        var sources: [BacktestSource]?
        if let name = parsed.value("source") {
            guard sourceNames.contains(name) else {
                return usage(
                    "--source \(name): not a source; expected one of \(sourceNames.joined(separator: ", "))",
                    console: console)
            }
            sources = BacktestSource(rawValue: name).map { [$0] } ?? BacktestSource.allCases
        }
        guard
            let configuration = loadConfiguration(
                path: parsed.value("config"), optional: false, command: name, context: context, secretFiles: .apiKeyOnly)
        else { return .configuration }
        let cities: [CityConfiguration]
        switch CitySelection.cities(configuration, named: parsed.value("city")) {
        case .success(let chosen): cities = chosen
        case .failure(let unknown): return usage(unknown.text, console: console)
        }
        guard !cities.isEmpty else {
            console.printError("breezectl backtest: no city is configured; add one with 'breezectl add'")
            return .configuration
        }
        return backtest(
            cities.map { BacktestHistory.subject($0, in: configuration) }, days: days, sources: sources,
            configuredSources: Dictionary(
                configuration.cities.map { ($0.city.name, BacktestSource($0.alert.aqiSource)) }, uniquingKeysWith: { first, _ in first }),
            json: parsed.has("json"), report: parsed.value("report"),
            access: OpenMeteoAccess(settings: configuration.breeze, clock: context.clock),
            now: context.clock().wall, console: console,
            progress: context.progress(.cities(name, total: cities.count, counted: "replayed"), quiet: parsed.has("quiet")))
    }

    /// Locations per history request: 9,200 location-days (100 locations × 92 days, about 8 MiB
    /// of hourly JSON), at most Open-Meteo's 1,000. A 92-day answer for 1,000 locations in one
    /// request is over the transport's 32 MiB body limit, so it failed as a whole.
    static func locationsPerRequest(days: Int) -> Int {
        max(1, min(AirQualityClient.maximumBatchSize, 9_200 / max(1, days)))
    }

    /// Fetches `days` of history for `subjects`, replays and prints it, and with `report`
    /// draws it on a page there (`BacktestReportFile`, its folder checked before the fetch);
    /// the core, free of configuration loading, with the clock and the transport passed in.
    /// `progress` hears each request and each city replayed, and is finished before anything
    /// is printed.
    static func backtest(
        _ subjects: [BacktestCity], days: Int, sources: [BacktestSource]? = nil,
        configuredSources: [String: BacktestSource] = [:], json: Bool, report: String? = nil,
        access: OpenMeteoAccess, now: Instant, console: Console, progress: ProgressReporter = .silent
    ) -> ExitCode {
        if let report {
            do { try BacktestReportFile.check(report) } catch {
                progress.finish()
                console.printError("breezectl backtest: \(error)")
                return .cannotCreate
            }
        }
        let access = access.reporting(to: progress)
        let perRequest = locationsPerRequest(days: days)
        let client = AirQualityClient(
            endpoints: access.endpoints, transport: access.transport, batchSize: perRequest,
            retryPolicy: OpenMeteoAccess.interactiveRetries)
        // Two request timeouts per batch (one for a retry): more batches, more time.
        let batches = (subjects.count + perRequest - 1) / perRequest
        let deadline = Deadline(after: access.timeout * 2 * max(1, batches), from: access.clock())
        // `forecast_days=1` is today: the range ends at today's last complete hour, not at
        // yesterday's midnight (`forecast_days=0` leaves today out).
        // Each city is replayed as soon as its batch is read, while the next one is on the wire:
        // a city counted done is done, and a batch's hours are gone before the next comes.
        let replayed = client.hourly(
            for: subjects.map(\.city.coordinate), pastDays: days, forecastDays: 1, deadline: deadline
        ) { index, series in
            let subject = subjects[index]
            let history = BacktestHistory.hours(series, until: now)
            let chosen = sources ?? [configuredSources[subject.city.name] ?? .nowcast]
            defer { progress.done(subject.city.displayName) }
            return (replays: chosen.map { Backtest.replay(history, for: subject, source: $0) }, notes: series.rejectedValues)
        }
        var outcomes: [BacktestOutcome] = []
        for (subject, result) in zip(subjects, replayed) {
            switch result {
            case .success(let replayed):
                outcomes.append(
                    BacktestOutcome(
                        subject: subject, days: days, result: .success(replayed.replays), notes: replayed.notes, now: now))
            case .failure(let error):
                outcomes.append(BacktestOutcome(subject: subject, days: days, result: .failure(error), notes: [], now: now))
            }
        }
        progress.finish()
        let failures = outcomes.compactMap(\.error)
        if failures.count == outcomes.count, let first = failures.first {
            console.printError(
                "breezectl backtest: cannot fetch history from Open-Meteo at \(access.endpoints.apiURL): \(first)")
            return first.isRefusedKey ? .configuration : .unavailable
        }
        for outcome in outcomes {
            if let error = outcome.error { console.printError("breezectl backtest: \(outcome.subject.city.displayName): \(error)") }
            for note in outcome.notes { console.printError("breezectl backtest: \(outcome.subject.city.displayName): \(note)") }
        }
        if json {
            console.printJSON(BacktestReport.json(outcomes))
        } else {
            console.print(BacktestReport.text(outcomes))
        }
        if let report {
            do { try BacktestReportFile.write(outcomes, days: days, now: now, to: report) } catch {
                console.printError("breezectl backtest: \(error)")
                return .cannotCreate
            }
        }
        return .success
    }

    private static func usage(_ message: String, console: Console) -> ExitCode {
        console.printError("breezectl backtest: \(message)")
        console.printError("Try 'breezectl backtest --help'.")
        return .usage
    }
}

/// One city's replay, or why its history could not be fetched.
struct BacktestOutcome {
    var subject: BacktestCity
    var days: Int
    /// One replay per source asked for, in `BacktestSource.allCases` order.
    var result: Result<[SourceBacktest], FetchError>
    /// What the series said of its own columns (a wrong unit, a wrong length), one sentence each.
    var notes: [String]
    /// When the backtest ran: its times name their day as seen from then.
    var now: Instant

    var error: FetchError? {
        guard case .failure(let error) = result else { return nil }
        return error
    }
}

extension BacktestSource {
    /// The source of a city's `AQISource=` (`.sensor` is never configured: history has no
    /// sensor hours, so it replays NowCast).
    init(_ source: AQISource) {
        switch source {
        case .nowcast, .sensor: self = .nowcast
        case .openMeteo: self = .openMeteo
        }
    }
}
