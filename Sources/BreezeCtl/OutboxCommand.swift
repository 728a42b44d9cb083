import BreezeCommandLine
import BreezeConfig
import BreezeControlSocket
import BreezeDelivery
import FoundationEssentials
import Glibc
import BreezeVocabulary

/// `breezectl outbox`: the deliveries waiting and given up, entry by entry; `outbox retry`
/// puts given-up ones back.
enum OutboxCommand: BreezectlCommand {
    static let name = "outbox"
    static let summary = "List pending and given-up alert deliveries; 'outbox retry' requeues them"
    static let help = """
        Usage: breezectl outbox [--json] [--config PATH]
               breezectl outbox retry [RECEIVER] [--config PATH]

        List every alert delivery waiting in the daemon's outbox (with its last error) and
        every one given up into <StateDirectory>/dead (with the reason), per receiver. Asks
        the running daemon; when it does not answer (or is busy), reads the folders itself (as
        root, under DynamicUser=). The last line (and "source" in --json) says which.

        'outbox retry' asks the daemon to put the given-up deliveries of RECEIVER (of every
        configured receiver without one) back in the outbox, due now, with their attempts and
        MaxAge= counted afresh. Only root and breezed's own user may.

        \(DaemonConnection.helpText)

        \(ExitStatusTable.text(exitStatuses))

        Options:
          --json          print one JSON object instead, for scripts
          --config PATH   main configuration file (default \(DefaultPaths.configuration))

        \(DaemonConnection.environmentHelp)
        """

    static let exitStatuses = [
        ExitStatus(.success, "listed, or requeued"),
        ExitStatus(.usage, "bad arguments, or 'retry' of a receiver the daemon does not have"),
        ExitStatus(.dataError, "the daemon does not answer and the outbox folders cannot be read"),
        ExitStatus(.unavailable, "'retry': the daemon does not answer"),
        ExitStatus(.software, "'retry': the daemon could not move an entry"),
        ExitStatus(.temporaryFailure, "'retry': the daemon is busy (no connection free); try again"),
        ExitStatus(.noPermission, "'retry': refused (only root and breezed's own user may)"),
        ExitStatus(.configuration, "bad configuration (needed only when the daemon does not answer)"),
    ]

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        let parsed: ParsedArguments
        switch parse(arguments, ArgumentSpecification(flags: ["json"], options: ["config"]), context: context) {
        case .finish(let status): return status
        case .proceed(let arguments): parsed = arguments
        }
        let connection = DaemonConnection(environment: context.environment, configurationPath: parsed.value("config"))
        switch parsed.positionals.first {
        case nil:
            return list(json: parsed.has("json"), configurationPath: parsed.value("config"), connection: connection, context: context)
        case "retry":
            guard parsed.positionals.count <= 2 else {
                context.console.printError("breezectl outbox: unexpected argument '\(parsed.positionals[2])'")
                return .usage
            }
            let request = ControlRequest(.retry, receiver: parsed.positionals.count == 2 ? parsed.positionals[1] : nil)
            return DaemonRequest.send(request, command: "outbox retry", connection: connection, context: context)
        case let other?:
            context.console.printError("breezectl outbox: unknown argument '\(other)' (only 'retry')")
            context.console.printError("Try 'breezectl outbox --help'.")
            return .usage
        }
    }

    static func list(
        json: Bool, configurationPath: String?, connection: DaemonConnection, context: CommandContext
    ) -> ExitCode {
        let report: OutboxReport
        switch connection.ask(ControlRequest(.outbox)) {
        case .success(let response) where response.ok && response.daemon != nil:
            let source = StatusSource.daemon(response.daemon!, socket: connection.socket)
            report = OutboxReport(
                pending: response.pending ?? [], dead: response.dead ?? [], unreadable: response.unreadable ?? [],
                source: source.line, sourceJSON: source.json, now: context.clock().wall)
        case let outcome:
            let why: String
            switch outcome {
            case .success(let response): why = "breezed answered: \(response.error ?? "no outbox")"
            case .failure(let unreachable): why = unreachable.text
            }
            let loaded = quietConfiguration(path: configurationPath, context: context)
            guard case .success(let configuration) = loaded else {
                context.console.printError("breezectl outbox: \(why)")
                if case .failure(let failure) = loaded { failure.errors.forEach { context.console.printError($0.description) } }
                context.console.printError("breezectl outbox: the configuration has errors")
                return .configuration
            }
            let outbox = Outbox(stateDirectory: configuration.breeze.stateDirectory)
            guard access(outbox.pendingFolder, R_OK | X_OK) == 0 || errno == ENOENT,
                access(outbox.deadFolder, R_OK | X_OK) == 0 || errno == ENOENT
            else {
                context.console.printError("breezectl outbox: \(why)")
                context.console.printError(
                    "breezectl outbox: cannot read \(outbox.pendingFolder): \(ErrorNumber.text(errno))")
                return .dataError
            }
            let pending = outbox.scan()
            let dead = outbox.scanDead()
            let text = "From the outbox folders in \(configuration.breeze.stateDirectory) (\(why))"
            report = OutboxReport(
                pending: pending.entries, dead: dead.entries, unreadable: pending.corrupt.map(\.path) + dead.unreadable,
                source: text, sourceJSON: .object(["kind": .string("stateDirectory"), "path": .string(configuration.breeze.stateDirectory), "reason": .string(why)]),
                now: context.clock().wall)
        }
        if json {
            context.console.printJSON(report.json())
        } else {
            context.console.print(lines: report.lines())
        }
        return .success
    }
}
