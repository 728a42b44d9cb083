import BreezeCommandLine
import BreezeVocabulary

/// Everything a command needs from outside: where to write, the process environment and the
/// clock.
public struct CommandContext: Sendable {
    public var console: Console
    public var environment: [String: String]
    /// The one clock (`ClockReading.system` unless a test passes another): what `status` counts
    /// ages from and `test-alert` stamps its event with.
    public var clock: @Sendable () -> ClockReading

    public init(
        console: Console, environment: [String: String],
        clock: @escaping @Sendable () -> ClockReading = ClockReading.system
    ) {
        self.console = console
        self.environment = environment
        self.clock = clock
    }

    /// The status line of `task`, started: on standard error when it is a terminal (not
    /// `TERM=dumb`) and the command was not given `--quiet`, else silent.
    func progress(_ task: ProgressTask, quiet: Bool) -> ProgressReporter {
        ProgressReporter.start(task, on: quiet ? nil : console.progressTerminal, clock: clock)
    }
}

/// One `breezectl` subcommand.
protocol BreezectlCommand {
    /// The word that selects it: `breezectl NAME …`.
    static var name: String { get }
    /// One line for `breezectl --help`.
    static var summary: String { get }
    /// The full help text of `breezectl NAME --help`; it ends its description with
    /// `ExitStatusTable.text(exitStatuses)`.
    static var help: String { get }
    /// Every status the command can exit with (0 and 64 included), for its help and its tests.
    static var exitStatuses: [ExitStatus] { get }
    /// Runs with the arguments after the command name.
    static func run(_ arguments: [String], context: CommandContext) -> ExitCode
}

extension BreezectlCommand {
    /// Parses `arguments`; on `--help` prints the help text and on a usage error prints it
    /// naming the argument, returning the exit status the command should end with.
    static func parse(
        _ arguments: [String], _ specification: ArgumentSpecification, context: CommandContext
    ) -> ParseOutcome {
        var specification = specification
        specification.flags.insert("help")
        do {
            let parsed = try specification.parse(arguments)
            if parsed.has("help") {
                context.console.print(help)
                return .finish(.success)
            }
            return .proceed(parsed)
        } catch {
            context.console.printError("breezectl \(name): \(error.message)")
            context.console.printError("Try 'breezectl \(name) --help'.")
            return .finish(.usage)
        }
    }
}

/// What parsing a command's arguments decided.
enum ParseOutcome {
    /// Go on with these arguments.
    case proceed(ParsedArguments)
    /// Stop now with this status (help was shown, or a usage error reported).
    case finish(ExitCode)
}
