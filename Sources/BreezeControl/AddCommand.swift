import BreezeCommandLine

/// `breezectl add`: add a city to the configuration.
enum AddCommand: ControlCommand {
    static let name = "add"
    static let summary = "Add a city to the configuration"
    static let help = """
        Usage: breezectl add

        Add a city to the configuration.
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        context.console.printError("breezectl add: not implemented yet")
        return .software
    }
}
