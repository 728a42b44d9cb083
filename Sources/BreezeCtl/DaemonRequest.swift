import BreezeCommandLine
import BreezeConfig
import BreezeControlSocket

/// A privileged request (poll, reload, retry) to the running daemon, its answer printed.
enum DaemonRequest {
    /// What `poll` and `reload` exit with.
    static let exitStatuses = [
        ExitStatus(.success, "asked"),
        ExitStatusTable.usage,
        ExitStatus(.unavailable, "the daemon does not answer"),
        ExitStatus(.temporaryFailure, "the daemon is busy (no connection free); try again"),
        ExitStatus(.noPermission, "refused (only root and breezed's own user may)"),
    ]

    /// The help of a request without arguments of its own (`poll`, `reload`): its usage,
    /// `description`, how the daemon is found, the exit statuses, the option and environment.
    static func help(_ name: String, _ description: String) -> String {
        """
        Usage: breezectl \(name) [--config PATH]

        \(description)

        \(DaemonConnection.helpText)

        \(ExitStatusTable.text(exitStatuses))

        Options:
          --config PATH   main configuration file (default \(DefaultPaths.configuration))

        \(DaemonConnection.environmentHelp)
        """
    }

    /// Sends `request`; exits 0 when done, 69 when the daemon does not answer, 75 when it is
    /// busy, 77 when it refuses (not root), 70 when it failed.
    static func send(
        _ request: ControlRequest, command: String, connection: DaemonConnection, context: CommandContext
    ) -> ExitCode {
        switch connection.ask(request) {
        case .failure(let unreachable):
            context.console.printError("breezectl \(command): \(unreachable.text)")
            return unreachable.busy ? .temporaryFailure : .unavailable
        case .success(let response) where response.ok:
            context.console.print(response.message ?? "done")
            return .success
        case .success(let response):
            let error = response.error ?? "failed"
            context.console.printError("breezectl \(command): \(error)")
            if let message = response.message { context.console.print(message) }
            if response.isBusy { return .temporaryFailure }
            return error.hasPrefix("permission denied") ? .noPermission : (response.requeued == nil ? .usage : .software)
        }
    }
}

/// `breezectl poll`: the daemon polls every city now.
enum PollCommand: BreezectlCommand {
    static let name = "poll"
    static let summary = "Ask the daemon to poll every city now (root only)"
    static let help = DaemonRequest.help(
        "poll",
        """
        Ask the running daemon to poll every city now, as SIGUSR1 does. Only root and
        breezed's own user may.
        """)

    static var exitStatuses: [ExitStatus] { DaemonRequest.exitStatuses }

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        simple(.poll, arguments, context: context)
    }
}

/// `breezectl reload`: the daemon re-reads its configuration.
enum ReloadCommand: BreezectlCommand {
    static let name = "reload"
    static let summary = "Ask the daemon to reload its configuration (root only)"
    static let help = DaemonRequest.help(
        "reload",
        """
        Ask the running daemon to re-read its configuration, as SIGHUP (systemctl reload
        breezed) does; the journal says whether the new one was taken. Only root and
        breezed's own user may.
        """)

    static var exitStatuses: [ExitStatus] { DaemonRequest.exitStatuses }

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        simple(.reload, arguments, context: context)
    }
}

extension BreezectlCommand {
    /// A request without arguments of its own.
    static func simple(_ kind: ControlRequestKind, _ arguments: [String], context: CommandContext) -> ExitCode {
        let parsed: ParsedArguments
        switch parse(arguments, ArgumentSpecification(options: ["config"]), context: context) {
        case .finish(let status): return status
        case .proceed(let arguments): parsed = arguments
        }
        if let extra = parsed.positionals.first {
            context.console.printError("breezectl \(name): unexpected argument '\(extra)'")
            return .usage
        }
        let connection = DaemonConnection(environment: context.environment, configurationPath: parsed.value("config"))
        return DaemonRequest.send(ControlRequest(kind), command: name, connection: connection, context: context)
    }
}
