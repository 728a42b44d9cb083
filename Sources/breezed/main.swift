import BreezeDaemonCommand

DaemonCommand.main(Array(CommandLine.arguments.dropFirst()))
