import BreezeCommandLine

/// `breezectl search`: look a city up by name.
enum SearchCommand: ControlCommand {
    static let name = "search"
    static let summary = "Look a city up by name"
    static let help = """
        Usage: breezectl search

        Look a city up by name.
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        context.console.printError("breezectl search: not implemented yet")
        return .software
    }
}
