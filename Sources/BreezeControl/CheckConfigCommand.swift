import BreezeCommandLine

/// `breezectl check-config`: check the configuration and estimate its API cost.
enum CheckConfigCommand: ControlCommand {
    static let name = "check-config"
    static let summary = "Check the configuration and estimate its API cost"
    static let help = """
        Usage: breezectl check-config

        Check the configuration and estimate its API cost.
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        context.console.printError("breezectl check-config: not implemented yet")
        return .software
    }
}
