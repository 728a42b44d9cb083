import BreezeCommandLine
import BreezeConfig
import BreezeModel
import BreezeState

/// `breezectl check-config`: check the configuration and estimate its API cost.
enum CheckConfigCommand: BreezectlCommand {
    static let name = "check-config"
    static let summary = "Check the configuration and estimate its API cost"
    static let help = """
        Usage: breezectl check-config [--config PATH]

        Check the configuration (the main file PATH and every PATH.d/*.conf) and estimate its
        Open-Meteo cost. Prints "configuration OK: …" and the cities it watches (each with its
        Region= and Country=), or every error as PATH:LINE: message. [Sensor] sections are
        counted on a line of their own, each with its requests a day. Once breezed has polled,
        a line says how many cities share an Open-Meteo grid cell (one location a poll each
        cell) and the calls a day that saves, read from its state. Receivers are counted when
        the daemon delivers to them, those with Enabled=no in parentheses. Warnings (among them
        no [City] section, or every city with Enabled=no, naming the files read) go to standard
        error either way. A secret file (ApiKeyFile=, SecretFile=) this user may not read, or a
        /run/credentials/ file that exists only while the service runs, is a warning naming
        it, not an error: 'breezed --check' as the service's user checks those too.

        \(ExitStatusTable.text(exitStatuses))

        Options:
          --config PATH   main configuration file (default \(DefaultPaths.configuration))
        """

    static let exitStatuses = [
        ExitStatus(.success, "the configuration is valid"),
        ExitStatusTable.usage,
        ExitStatus(.configuration, "the configuration has errors (each printed as PATH:LINE: message)"),
    ]

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        let parsed: ParsedArguments
        switch parse(arguments, ArgumentSpecification(options: ["config"]), context: context) {
        case .finish(let status): return status
        case .proceed(let arguments): parsed = arguments
        }
        if let extra = parsed.positionals.first {
            context.console.printError("breezectl check-config: unexpected argument '\(extra)'")
            return .usage
        }
        let path = parsed.value("config") ?? DefaultPaths.configuration
        let outcome = ConfigurationCheck.run(
            path: path, environment: context.environment, secretFiles: .allWarningWhenUnreadable)
        outcome.errors.forEach(context.console.printError)
        outcome.output.forEach(context.console.print)
        if let configuration = outcome.configuration {
            // breezed's state holds no secret and is readable by anyone; without it, no line.
            let cells = try? StateStore(stateDirectory: configuration.breeze.stateDirectory)
                .gridCells(for: configuration.cities.map(\.city))
            if let line = GridCellReport.line(configuration, cells: cells ?? nil) { context.console.print(line) }
            context.console.print(lines: cityLines(configuration))
        }
        return outcome.succeeded ? .success : .configuration
    }

    /// One line per city: its name with Region= and Country=, where it is, its time zone;
    /// those with Enabled=no last, marked so.
    static func cityLines(_ configuration: Configuration) -> [String] {
        let rows = configuration.cities.map { row($0.city, disabled: false) }
            + configuration.disabledCities.map { row($0.city, disabled: true) }
        return TextTable().lines(rows).map { "  " + $0 }
    }

    private static func row(_ city: City, disabled: Bool) -> [String] {
        [
            city.displayName, "\(SearchOutput.number(city.latitude)), \(SearchOutput.number(city.longitude))",
            city.timeZone ?? "", disabled ? "Enabled=no" : "",
        ]
    }
}
