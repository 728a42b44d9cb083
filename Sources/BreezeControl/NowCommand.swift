import BreezeCommandLine

/// `breezectl now`: show current readings for the configured cities.
enum NowCommand: ControlCommand {
    static let name = "now"
    static let summary = "Show current readings for the configured cities"
    static let help = """
        Usage: breezectl now

        Show current readings for the configured cities.
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        context.console.printError("breezectl now: not implemented yet")
        return .software
    }
}
