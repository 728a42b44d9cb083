import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeOpenMeteo
import BreezeSensors
import BreezeSystem
import BreezeVocabulary

#if canImport(Glibc)
import Glibc
#endif

/// What the daemon takes from outside, injected so tests can run it without the network,
/// systemd or the real clock.
public struct DaemonEnvironment: Sendable {
    public var logger: any Logger
    public var notifier: ServiceNotifier
    /// Builds the reading source for a configuration (Open-Meteo over libcurl in production).
    public var makeSource: @Sendable (Configuration) -> any AirQualitySource
    /// Builds the alert receivers of a configuration (webhooks and email in production).
    public var makeReceivers: @Sendable (Configuration) -> [any Receiver]
    /// Builds the source of the status page's extras (pollen, UV, climate trend) for a
    /// configuration; nil: none are fetched (the default, and while no status page is served).
    public var makeExtrasSource: @Sendable (Configuration) -> (any ExtrasSource)?
    /// Whether quiet hours hold an event for a receiver now (see `QuietHoursCheck`).
    public var quietHours: QuietHoursCheck
    /// The process environment (`STATE_DIRECTORY`, `WATCHDOG_USEC`, …).
    public var variables: [String: String]
    public var clock: @Sendable () -> ClockReading
    /// A uniform random number in 0…1.
    public var random: @Sendable () -> Double
    /// The daemon's version, from the executable (the library does not know it): logged at
    /// start and told on the control socket.
    public var version: String
    /// What `HeartbeatURL=` pings go through (libcurl in production); nil: no pings are sent.
    public var heartbeatTransport: (any HTTPTransport)?
    /// Listening sockets systemd passed (breezed.socket): served instead of `Listen=`.
    public var listenSockets: [Int32] = []
    /// What asks the `[Sensor]`s (libcurl in production, a timeout of its own per request); nil:
    /// no sensor is asked.
    public var sensorClient: SensorClient?
    /// The sensors' wake-ups: Dispatch timers in the daemon, a clock the test moves in tests.
    public var sensorWakeUps: any WakeUpTimers = DispatchWakeUpTimers()
    /// Whether the daemon listens on its control socket (`ControlSocket=`): breezed does;
    /// a daemon in a unit test does not, unless the test asks.
    public var servesControlSocket = false

    public init(
        logger: any Logger, notifier: ServiceNotifier,
        makeSource: @escaping @Sendable (Configuration) -> any AirQualitySource,
        makeReceivers: @escaping @Sendable (Configuration) -> [any Receiver] = { _ in [] },
        makeExtrasSource: @escaping @Sendable (Configuration) -> (any ExtrasSource)? = { _ in nil },
        quietHours: @escaping QuietHoursCheck = { _, _, _ in nil },
        variables: [String: String], clock: @escaping @Sendable () -> ClockReading = ClockReading.system,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }, version: String = "unknown",
        heartbeatTransport: (any HTTPTransport)? = nil, sensorClient: SensorClient? = nil
    ) {
        self.sensorClient = sensorClient
        self.logger = logger
        self.notifier = notifier
        self.makeSource = makeSource
        self.makeReceivers = makeReceivers
        self.makeExtrasSource = makeExtrasSource
        self.quietHours = quietHours
        self.variables = variables
        self.clock = clock
        self.random = random
        self.version = version
        self.heartbeatTransport = heartbeatTransport
    }
}
