import BreezeCommandLine
import BreezeConfig

/// `breezectl check-config`: check the configuration and estimate its API cost.
enum CheckConfigCommand: ControlCommand {
    static let name = "check-config"
    static let summary = "Check the configuration and estimate its API cost"
    static let help = """
        Usage: breezectl check-config [--config PATH]

        Check the configuration (the main file and every breezed.conf.d/*.conf beside it) and
        estimate its Open-Meteo cost. Prints "configuration OK: …" and exits 0, or prints every
        error as PATH:LINE: message and exits 78. Warnings go to standard error either way.
        A secret file (ApiKeyFile=, SecretFile=) this user may not read, or a
        /run/credentials/ file that exists only while the service runs, is a warning naming
        it, not an error: 'breezed --check' as the service's user checks those too.

        Options:
          --config PATH   main configuration file (default \(DefaultPaths.configuration))
        """

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
        return outcome.succeeded ? .success : .configuration
    }
}
