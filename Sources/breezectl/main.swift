import BreezeCtl

Breezectl.main(Array(CommandLine.arguments.dropFirst()))
