import BreezeCommandLine
import BreezeConfig
import BreezeDaemon
import BreezeDelivery
import BreezeHTTP
import BreezeModel
import BreezeOpenMeteo
import BreezeSensors
import BreezeSystem
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// `breezed`'s command line: check, run once, or run until stopped. Its one home: the
/// `breezed` executable and the multi-call binary (`breeze-multicall`) both call `main`.
public enum DaemonCommand {
    static let help = """
        Usage: breezed [OPTIONS]

        The Breeze air-quality daemon: polls Open-Meteo for the configured cities, logs every
        reading to the journal, and alerts when a city's air crosses its configured band.

        Options:
          --config PATH   configuration file (default /etc/breeze/breezed.conf), plus every
                          PATH.d/*.conf (breezed.conf.d/ for breezed.conf)
          --check         check the configuration, print a summary and exit (78 when invalid)
          --once          run one poll cycle, print a summary and exit: 0 when every city got
                          data, 69 when none did, 75 when only some did (an answer with every
                          value null is no data, as for staleness); alerts are written
                          to the outbox and each due one is tried once (within 30 s); what
                          fails stays there for the daemon
          --log TARGET    auto (journal under systemd, else standard error), journal or stderr
          --help, -h      show this help
          --version       show the version

        Signals: SIGHUP reloads the configuration, SIGUSR1 polls now, SIGTERM/SIGINT stop.

        Control socket: ControlSocket= (default $RUNTIME_DIRECTORY/control, else
        /run/breeze/control), where breezectl asks for the status and the outbox (anyone) and
        to poll, reload or requeue given-up deliveries (root and breezed's own user only).

        \(ExitStatusTable.text(exitStatuses))
        """

    /// Every status `breezed` can exit with, for its help and its tests.
    static let exitStatuses = [
        ExitStatus(.success, "stopped by SIGTERM/SIGINT; --check: valid; --once: every city got data"),
        ExitStatusTable.usage,
        ExitStatus(.unavailable, "--once: no city got data"),
        ExitStatus(.cannotCreate, "the state directory cannot be used"),
        ExitStatus(.temporaryFailure, "--once: only some cities got data"),
        ExitStatus(.configuration, "the configuration has errors"),
    ]

    /// Runs `breezed` with `arguments` (without the program's name) and exits. Call it before
    /// anything has started a thread.
    public static func main(_ arguments: [String]) -> Never {
        // Before anything can start a thread (Dispatch included): a thread that existed earlier
        // could take these signals with their default, terminating action.
        SignalWatcher.blockBeforeThreadsStart([SIGTERM, SIGINT, SIGHUP, SIGUSR1])
        MemoryArenas.useOne()
        let variables = CommandLine.environment
        let console = Console.standard(environment: variables)
        let options: ParsedArguments
        do {
            options = try parse(arguments)
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
        let path = options.value("config") ?? DefaultPaths.configuration
        if options.has("check") {
            let outcome = ConfigurationCheck.run(path: path, environment: variables)
            outcome.errors.forEach(console.printError)
            outcome.output.forEach(console.print)
            exit(outcome.succeeded ? ExitCode.success.rawValue : ExitCode.configuration.rawValue)
        }

        let logger = makeLogger(options.value("log") ?? "auto", variables: variables)
        let loaded: LoadedConfiguration
        do {
            loaded = try ConfigurationLoader.load(path: path, environment: variables)
        } catch {
            error.errors.forEach { console.printError($0.description) }
            console.printError("breezed: the configuration has errors; not starting")
            exit(ExitCode.configuration.rawValue)
        }
        loaded.warnings.forEach { console.printError($0.description) }
        let environment = DaemonEnvironment(
            logger: logger, notifier: .systemd,
            makeSource: { configuration in
                OpenMeteoSource(settings: configuration.breeze, userAgent: "breezed/\(BreezeVersion.string)")
            },
            makeReceivers: { configuration in
                // Each request is capped by its receiver's Timeout=; the transport allows the longest.
                let longest = configuration.webhooks.map(\.timeout).max() ?? .seconds(10)
                let transport = CurlTransport(
                    options: .init(totalTimeout: max(longest, .seconds(1)), userAgent: "breezed/\(BreezeVersion.string)"))
                return Receivers.make(
                    configuration: configuration, transport: transport, hostname: FileSystem.hostname(),
                    stateDirectory: configuration.breeze.stateDirectory, mailTransport: CurlMailTransport())
            },
            makeExtrasSource: { configuration in
                configuration.fetchesPollenAndUV
                    ? OpenMeteoExtrasSource(settings: configuration.breeze, userAgent: "breezed/\(BreezeVersion.string)")
                    : nil
            },
            quietHours: { event, receiver, now in
                QuietHoursPolicy.holdUntil(event: event, receiver: receiver, now: now, cityTimeZone: event.city.timeZone)
            },
            variables: variables, version: BreezeVersion.string,
            heartbeatTransport: CurlTransport(
                options: .init(
                    connectTimeout: HeartbeatSender.timeout, totalTimeout: HeartbeatSender.timeout,
                    maximumBodySize: 64 << 10, userAgent: "breezed/\(BreezeVersion.string)")),
            sensorClient: SensorClient(
                transport: CurlTransport(options: SensorClient.transportOptions(userAgent: "breezed/\(BreezeVersion.string)"))))

        if options.has("once") { runOnce(loaded: loaded, environment: environment, console: console) }
        // Consumed: the daemon holds the configuration (its plan's); this frame, which never
        // returns, would otherwise keep the first one alive beside every reloaded one.
        run(path: path, loaded: consume loaded, environment: environment, console: console)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        let specification = ArgumentSpecification(
            flags: ["help", "version", "check", "once"], options: ["config", "log"])
        let options = try specification.parse(arguments)
        if let extra = options.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        if let log = options.value("log"), !["auto", "journal", "stderr"].contains(log) {
            throw UsageError("--log takes auto, journal or stderr, not '\(log)'")
        }
        return options
    }

    static func makeLogger(_ target: String, variables: [String: String]) -> any Logger {
        let journal = target == "journal"
            || (target == "auto" && JournalLogger.isStandardErrorJournal(environment: variables))
        if journal { return JournalLogger(identifier: "breezed") }
        let console = Console.standard(environment: variables)
        return StreamLogger { console.writeError($0) }
    }

    static func runOnce(loaded: LoadedConfiguration, environment: DaemonEnvironment, console: Console) -> Never {
        do {
            let summary = try Daemon.runOnce(loaded: loaded, environment: environment)
            console.print(
                "\(Counted.text(summary.cities, "city", "cities")): \(summary.citiesWithData) with data, "
                    + (summary.citiesWithoutData > 0 ? "\(summary.citiesWithoutData) without data (all null), " : "")
                    + "\(summary.citiesFailed) failed, \(summary.alerting) alerting, "
                    + "\(Counted.text(summary.events.count, "alert event"))")
            if summary.deliveriesPending > 0 {
                console.print(
                    "\(Counted.text(summary.deliveriesPending, "delivery", "deliveries")) left in the outbox for the daemon")
            }
            if summary.citiesWithData == summary.cities { exit(ExitCode.success.rawValue) }
            exit(summary.citiesWithData == 0 ? ExitCode.unavailable.rawValue : ExitCode.temporaryFailure.rawValue)
        } catch {
            console.printError("breezed: cannot use the state directory: \(error)")
            exit(ExitCode.cannotCreate.rawValue)
        }
    }

    static func run(path: String, loaded: consuming LoadedConfiguration, environment: DaemonEnvironment, console: Console)
        -> Never
    {
        var environment = environment
        environment.servesControlSocket = true
        // breezed.socket's sockets, when systemd started breezed through it: served instead of Listen=.
        let passed = SocketActivation.listeningSockets()
        environment.listenSockets = passed.stream
        if !passed.other.isEmpty {
            environment.logger.log(
                LogRecord(.warning, "web: ignoring \(passed.other.count) passed socket(s) that are not listening stream sockets"))
        }
        let daemon: Daemon
        do {
            daemon = try Daemon(configurationPath: path, loaded: consume loaded, environment: environment)
        } catch {
            console.printError("breezed: cannot use the state directory: \(error)")
            exit(ExitCode.cannotCreate.rawValue)
        }
        let signals = DispatchQueue(label: "breezed.signals")
        let watcher = SignalWatcher(
            handlers: [
                SIGHUP: { daemon.reload() },
                SIGUSR1: { daemon.pollNow() },
                SIGTERM: { daemon.stop(reason: "SIGTERM") { exit($0) } },
                SIGINT: { daemon.stop(reason: "SIGINT") { exit($0) } },
            ], queue: signals)
        daemon.start()
        withExtendedLifetime(watcher) { dispatchMain() }
    }
}
