import BreezeAlerts
import BreezeCommandLine
import BreezeConfig
import BreezeControlSocket
import BreezeDelivery
import BreezeModel
import BreezeOutboxValues
import FoundationEssentials
import BreezeState
import BreezeVocabulary

/// `breezectl status`: what the daemon sees, asked over its control socket, else read from
/// its state file.
enum StatusCommand: BreezectlCommand {
    static let name = "status"
    static let summary = "Show the daemon's state: each city's air and alert, the last cycle"
    static let help = """
        Usage: breezectl status [--json] [--config PATH]

        Ask the running daemon (no root needed) and show, per city, the last AQI and band and
        since when, the alert state, the last poll and its error; the status page's extras
        (climate trend, pollen and UV) whose last fetch failed, with why and when they are
        tried again (the daemon alone knows these); when the daemon last
        completed a poll cycle and when it polls next; and the alert deliveries waiting in its
        outbox (per receiver: how many, the oldest's age, how many quiet hours hold, the last
        error) and how many were given up (see 'breezectl outbox'). When the daemon does not
        answer (or is busy), read its state file (<StateDirectory>/state.json) and outbox
        instead. The last line (and "source" in --json) says which.

        \(DaemonConnection.helpText)

        \(ExitStatusTable.text(exitStatuses))

        Options:
          --json          print one JSON object instead, for scripts
          --config PATH   main configuration file (default \(DefaultPaths.configuration))

        \(DaemonConnection.environmentHelp)
        """

    static let exitStatuses = [
        ExitStatus(.success, "the last cycle is recent"),
        ExitStatus(.daemonStale, "the last cycle is older than three poll intervals, or there is none"),
        ExitStatusTable.usage,
        ExitStatus(.dataError, "the state file cannot be read (permissions) or is not one breezed wrote"),
        ExitStatus(.software, "breezed answered without a status (a daemon of another version)"),
        ExitStatus(.configuration, "bad configuration"),
    ]

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        let parsed: ParsedArguments
        switch parse(arguments, ArgumentSpecification(flags: ["json"], options: ["config"]), context: context) {
        case .finish(let status): return status
        case .proceed(let arguments): parsed = arguments
        }
        if let extra = parsed.positionals.first {
            context.console.printError("breezectl status: unexpected argument '\(extra)'")
            return .usage
        }
        let connection = DaemonConnection(environment: context.environment, configurationPath: parsed.value("config"))
        let now = context.clock().wall
        let report: StatusReport
        switch connection.ask(ControlRequest(.status)) {
        case .success(let response) where response.ok:
            guard let daemon = response.daemon else {
                context.console.printError("breezectl status: breezed's answer has no status")
                return .software
            }
            report = StatusReport(
                state: response.state ?? DaemonState(), configuredCities: daemon.cities,
                configuredInterval: daemon.pollIntervalSeconds, now: now, deliveries: response.deliveries,
                source: .daemon(daemon, socket: connection.socket), extrasFailures: response.extrasFailures)
        case .success(let response):
            let why = "breezed answered: \(response.error ?? "an error")"
            let loaded = quietConfiguration(path: parsed.value("config"), context: context)
            guard let fromFile = fromStateFile(loaded, why: why, now: now, context: context) else {
                return exitStatus(loaded)
            }
            report = fromFile
        case .failure(let unreachable):
            let loaded = quietConfiguration(path: parsed.value("config"), context: context)
            guard let fromFile = fromStateFile(loaded, why: unreachable.text, now: now, context: context) else {
                return exitStatus(loaded)
            }
            report = fromFile
        }
        if parsed.has("json") {
            context.console.printJSON(report.json())
        } else {
            context.console.print(lines: report.lines(colours: context.console.colours))
        }
        return report.isStale ? .daemonStale : .success
    }

    /// The report from the state file and the outbox on disk; nil (with the errors printed)
    /// when the configuration or the state cannot be read.
    static func fromStateFile(
        _ loaded: Result<Configuration, ConfigurationFailure>, why: String, now: Instant, context: CommandContext
    ) -> StatusReport? {
        let configuration: Configuration
        switch loaded {
        case .success(let value): configuration = value
        case .failure(let failure):
            context.console.printError("breezectl status: \(why)")
            failure.errors.forEach { context.console.printError($0.description) }
            context.console.printError("breezectl status: the configuration has errors")
            return nil
        }
        let store = StateStore(stateDirectory: configuration.breeze.stateDirectory)
        let state: DaemonState
        do {
            state = try store.read() ?? DaemonState()
        } catch {
            context.console.printError("breezectl status: \(why)")
            context.console.printError("breezectl status: cannot read the state: \(error)")
            return nil
        }
        let deliveries = OutboxSummary(
            Outbox(stateDirectory: configuration.breeze.stateDirectory).scan(), now: now)
        return StatusReport(
            state: state, configuredCities: configuration.cities.map(\.city.name),
            configuredInterval: configuration.breeze.pollInterval.seconds, now: now, deliveries: deliveries,
            source: .stateFile(path: store.path, why: why))
    }

    static func exitStatus(_ loaded: Result<Configuration, ConfigurationFailure>) -> ExitCode {
        if case .failure = loaded { return .configuration }
        return .dataError
    }
}
