import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeOpenMeteo

/// Everything the daemon derives from a configuration, built in full before a start or a
/// reload swaps it in, so a failure leaves the running plan untouched.
public struct DaemonPlan: Sendable {
    public var configuration: Configuration
    public var cities: [WatchedCity]
    public var source: any AirQualitySource
    /// Where the status page's pollen, UV and climate trend come from; nil: not fetched.
    public var extrasSource: (any ExtrasSource)?
    /// Seconds.
    public var interval: Double
    public var jitter: Double
    public var stateDirectory: String
    /// Where each city's alerts go, and the receivers with their retry schedules.
    public var routing: DeliveryRouting
    /// Which reading records the cycles log (`LogReadings=`); new with each plan, so the first
    /// cycle after a start or a reload logs every city.
    public var readingLog: ReadingLogFilter

    public init(
        configuration: Configuration, source: any AirQualitySource, receivers: [any Receiver] = [],
        extrasSource: (any ExtrasSource)? = nil
    ) {
        self.configuration = configuration
        self.source = source
        self.extrasSource = extrasSource
        routing = DeliveryRouting(configuration: configuration, receivers: receivers)
        cities = configuration.cities.map { city in
            WatchedCity(city: city.city, rule: AlertRule(city.alert), aqiSource: city.alert.aqiSource)
        }
        for index in cities.indices { cities[index].sensitiveRule = routing.audiences.sensitiveRules[cities[index].city.name] }
        interval = configuration.breeze.pollInterval.seconds
        jitter = configuration.breeze.jitter.seconds
        stateDirectory = configuration.breeze.stateDirectory
        readingLog = ReadingLogFilter(configuration.breeze.logReadings)
    }

    /// The plan `environment` builds for `configuration`: its source and its receivers.
    public init(configuration: Configuration, environment: DaemonEnvironment) {
        self.init(
            configuration: configuration, source: environment.makeSource(configuration),
            receivers: environment.makeReceivers(configuration), extrasSource: environment.makeExtrasSource(configuration))
    }

    /// The longest one cycle may take: within the interval, and at most one request timeout
    /// per batch of 1000 cities plus three for retries, so a stalled network cannot hold the
    /// loop while a large configuration still gets every batch its time.
    public var cycleBudget: Duration {
        let timeout = configuration.breeze.timeout.seconds
        let batches = (cities.count + 999) / 1000
        return Duration(seconds: max(1, min(interval * 0.9, timeout * Double(batches + 3))))
    }
}
