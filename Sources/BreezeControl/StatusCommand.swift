import BreezeAlerts
import BreezeCommandLine
import BreezeConfig
import BreezeDelivery
import BreezeModel
import Foundation

/// `breezectl status`: what the daemon last saw, from its state file.
enum StatusCommand: ControlCommand {
    static let name = "status"
    static let summary = "Show the daemon's state: each city's air and alert, the last cycle"
    static let help = """
        Usage: breezectl status [--json] [--config PATH]

        Read the daemon's state file (<StateDirectory>/state.json; no root needed) and show,
        per city, the last AQI and band and since when, the alert state, the last poll and its
        error; when the daemon last completed a poll cycle; and the alert deliveries waiting
        in <StateDirectory>/outbox (per receiver: how many, the oldest's age, how many quiet
        hours hold, the last error) and how many were given up into <StateDirectory>/dead.

        Exit status: 0 when the last cycle is recent, 3 when it is older than three poll
        intervals (or there is none), 78 bad configuration.

        Options:
          --json          print one JSON object instead, for scripts
          --config PATH   main configuration file (default \(DefaultPaths.configuration))
        """

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
        guard
            let configuration = loadConfiguration(
                path: parsed.value("config"), optional: false, command: name, context: context, secretFiles: .none)
        else { return .configuration }
        let store = StateStore(stateDirectory: configuration.breeze.stateDirectory)
        let state: DaemonState
        do {
            state = try store.read() ?? DaemonState()
        } catch {
            context.console.printError("breezectl status: cannot read the state: \(error)")
            return .dataError
        }
        let now = Date().timeIntervalSince1970
        let deliveries = OutboxSummary(
            Outbox(stateDirectory: configuration.breeze.stateDirectory).scan(), now: now)
        let report = StatusReport(state: state, configuration: configuration, now: now, deliveries: deliveries)
        if parsed.has("json") {
            context.console.print(report.json())
        } else {
            report.lines(colours: context.console.colours).forEach(context.console.print)
        }
        return report.isStale ? .daemonStale : .success
    }
}
