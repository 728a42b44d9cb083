import BreezeCommandLine
import BreezeCtl
import BreezeDaemonCommand

#if canImport(Glibc)
import Glibc
#endif

// One binary that is breezed and breezectl, chosen by the name it is run as (argv[0]'s last
// path component): the package installs it once, as /usr/sbin/breezed, with /usr/bin/breezectl
// a link to it. The two share the Swift runtime, the standard library and most of Breeze, so one
// copy of them instead of two halves what the package installs.
let arguments = CommandLine.arguments
let calledAs = String(arguments.first?.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
switch calledAs {
case "breezed": DaemonCommand.main(Array(arguments.dropFirst()))
case "breezectl": Breezectl.main(Array(arguments.dropFirst()))
default:
    let console = Console.standard(environment: CommandLine.environment)
    console.printError("breeze-multicall: called as '\(calledAs)'; it runs as breezed or breezectl, by the name it is called by")
    console.printError("Run it through a link named breezed or breezectl.")
    exit(ExitCode.usage.rawValue)
}
