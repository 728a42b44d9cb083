import BreezeCommandLine

/// `breezectl aqi`: compute a US AQI from pollutant concentrations.
enum AQICommand: ControlCommand {
    static let name = "aqi"
    static let summary = "Compute a US AQI from pollutant concentrations"
    static let help = """
        Usage: breezectl aqi

        Compute a US AQI from pollutant concentrations.
        """

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        context.console.printError("breezectl aqi: not implemented yet")
        return .software
    }
}
