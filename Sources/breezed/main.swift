import BreezeCommandLine
import BreezeConfig
import BreezeModel

#if canImport(Glibc)
import Glibc
#endif

let console = Console.standard(environment: CommandLine.environment)
let help = """
    Usage: breezed [OPTIONS]

    The Breeze air-quality daemon: polls Open-Meteo for the configured cities and alerts
    when a city's air crosses a configured band.

    Options:
      --config PATH   configuration file (default /etc/breeze/breezed.conf)
      --check         check the configuration, print a summary and exit (78 when invalid)
      --help          show this help
      --version       show the version
    """

let specification = ArgumentSpecification(flags: ["help", "version", "check"], options: ["config"])
let options: ParsedArguments
do {
    options = try specification.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    console.printError("breezed: \(error.message)")
    console.printError("Try 'breezed --help'.")
    exit(ExitCode.usage.rawValue)
}
if options.has("help") {
    console.print(help)
    exit(0)
}
if options.has("version") {
    console.print("breezed \(BreezeVersion.string)")
    exit(0)
}
if let extra = options.positionals.first {
    console.printError("breezed: unexpected argument '\(extra)'")
    exit(ExitCode.usage.rawValue)
}
let configurationPath = options.value("config") ?? DefaultPaths.configuration
if options.has("check") {
    let outcome = ConfigurationCheck.run(path: configurationPath, environment: CommandLine.environment)
    outcome.errors.forEach(console.printError)
    outcome.output.forEach(console.print)
    exit(outcome.succeeded ? ExitCode.success.rawValue : ExitCode.configuration.rawValue)
}
console.printError(
    "breezed \(BreezeVersion.string): model loaded (\(Band.allCases.count) bands); configuration \(configurationPath)"
)
