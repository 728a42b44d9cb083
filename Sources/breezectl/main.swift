import BreezeCommandLine
import BreezeCtl

#if canImport(Glibc)
import Glibc
#endif

let environment = CommandLine.environment
let status = Breezectl.run(
    Array(CommandLine.arguments.dropFirst()),
    context: CommandContext(console: .standard(environment: environment), environment: environment))
exit(status.rawValue)
