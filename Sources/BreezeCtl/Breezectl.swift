import BreezeCommandLine

#if canImport(Glibc)
import Glibc
#endif

/// The `breezectl` entry point: picks a subcommand and runs it.
public enum Breezectl {
    static var commands: [any BreezectlCommand.Type] {
        [
            CheckConfigCommand.self,
            SearchCommand.self,
            AddCommand.self,
            NowCommand.self,
            StatusCommand.self,
            OutboxCommand.self,
            PollCommand.self,
            ReloadCommand.self,
            AQICommand.self,
            TestAlertCommand.self,
            BacktestCommand.self,
        ]
    }

    /// Runs `breezectl` with `arguments` (without the program's name) on the standard streams
    /// and this process's environment, and exits with its status: the `breezectl` executable's
    /// and the multi-call binary's (`breeze-multicall`) entry.
    public static func main(_ arguments: [String]) -> Never {
        let environment = CommandLine.environment
        let status = run(arguments, context: CommandContext(console: .standard(environment: environment), environment: environment))
        exit(status.rawValue)
    }

    /// Runs `breezectl` with `arguments` (without the program name).
    public static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        guard let first = arguments.first else {
            context.console.printError(overview)
            return .usage
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1,
                let command = commands.first(where: { $0.name == arguments[1] })
            {
                context.console.print(command.help)
            } else {
                context.console.print(overview)
            }
            return .success
        case "--version":
            context.console.print("breezectl \(BreezeVersion.string)")
            return .success
        default:
            guard let command = commands.first(where: { $0.name == first }) else {
                context.console.printError("breezectl: unknown command '\(first)'")
                context.console.printError("Try 'breezectl --help'.")
                return .usage
            }
            return command.run(Array(arguments.dropFirst()), context: context)
        }
    }

    /// `breezectl` without a command, or with an unknown one.
    static let exitStatuses = [
        ExitStatus(.success, "help or version shown"),
        ExitStatus(.usage, "no command, or an unknown one"),
    ]

    static var overview: String {
        let names = commands.map { command in command.name }
        let width = names.map { name in name.count }.max() ?? 0
        let lines = commands.map { command in
            "  " + command.name + String(repeating: " ", count: width + 2 - command.name.count)
                + command.summary
        }
        return """
            Usage: breezectl COMMAND [OPTIONS]

            Companion of breezed, the Breeze air-quality daemon.

            Commands:
            \(lines.joined(separator: "\n"))

            Options:
              --help, -h  show this help (or 'breezectl COMMAND --help')
              --version   show the version

            \(ExitStatusTable.text(exitStatuses))
            """
    }
}
