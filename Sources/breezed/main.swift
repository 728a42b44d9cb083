import BreezeSystem

#if canImport(Glibc)
import Glibc
#endif

// Before anything can start a thread (Dispatch included): a thread that existed earlier
// could take these signals with their default, terminating action.
SignalWatcher.blockBeforeThreadsStart([SIGTERM, SIGINT, SIGHUP, SIGUSR1])

MemoryArenas.useOne()

DaemonCommand.main(Array(CommandLine.arguments.dropFirst()))
