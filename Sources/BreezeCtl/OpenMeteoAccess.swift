import BreezeCommandLine
import BreezeConfig
import BreezeHTTP
import BreezeOpenMeteo
import BreezeVocabulary

/// What `breezectl search` and `now` need to reach Open-Meteo, taken from the configuration.
struct OpenMeteoAccess: Sendable {
    var endpoints: OpenMeteoEndpoints
    var transport: any HTTPTransport
    /// The configured per-request limit (`Timeout=`).
    var timeout: Duration
    /// The one clock: the command's deadline and its retries read it.
    var clock: @Sendable () -> ClockReading

    /// Interactive commands retry briefly: a person is waiting.
    static let interactiveRetries = RetryPolicy(
        maximumAttempts: 3, initialDelay: .seconds(1), maximumDelay: .seconds(4))

    /// Every HTTP request of Breeze names itself so.
    static let userAgent = "breezed/\(BreezeVersion.string)"

    init(
        endpoints: OpenMeteoEndpoints, transport: any HTTPTransport, timeout: Duration,
        clock: @escaping @Sendable () -> ClockReading = ClockReading.system
    ) {
        self.endpoints = endpoints
        self.transport = transport
        self.timeout = timeout
        self.clock = clock
    }

    /// Endpoints and a libcurl transport for `settings`.
    init(settings: BreezeSettings, clock: @escaping @Sendable () -> ClockReading) {
        self.init(
            endpoints: OpenMeteoEndpoints(settings),
            transport: CurlTransport(settings: settings, userAgent: Self.userAgent),
            timeout: settings.timeout, clock: clock)
    }

    /// A deadline for one command: two request timeouts from now, room for a retry.
    var deadline: Deadline { Deadline(after: timeout * 2, from: clock()) }

    /// The retry environment on the command's clock.
    var retryEnvironment: RetryEnvironment { RetryEnvironment(clock: clock) }

    /// Up to `count` places matching `query`, best first, with the interactive retries.
    func geocode(_ query: String, count: Int) throws(FetchError) -> [GeocodedPlace] {
        let client = GeocodingClient(
            endpoints: endpoints, transport: transport, retryPolicy: Self.interactiveRetries,
            environment: retryEnvironment)
        return try client.search(name: query, count: count, deadline: deadline)
    }
}

/// Loads the configuration for a command; on failure prints every error and returns nil (the
/// command then exits 78).
///
/// With `optional`, a missing file at the default path is no error: the defaults are used
/// (`breezectl search` works before anything is configured).
func loadConfiguration(
    path: String?, optional: Bool, command: String, context: CommandContext, secretFiles: SecretFileReading
) -> Configuration? {
    let console = context.console
    do {
        let loaded = try ConfigurationLoader.load(
            path: path ?? DefaultPaths.configuration, environment: context.environment, secretFiles: secretFiles)
        return loaded.configuration
    } catch {
        if optional, path == nil, !FileSystemProbe.exists(DefaultPaths.configuration),
            let defaults = try? ConfigurationLoader.load(text: "").configuration
        {
            return defaults
        }
        error.errors.forEach { console.printError($0.description) }
        console.printError("breezectl \(command): the configuration has errors")
        return nil
    }
}

/// Whether a path exists, without Foundation.
enum FileSystemProbe {
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}

#if canImport(Glibc)
import Glibc
#endif
