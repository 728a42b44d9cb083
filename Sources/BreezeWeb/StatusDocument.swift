import BreezeJSON
import BreezeModel
import BreezeOutboxValues
import BreezeState
import BreezeVocabulary

/// The one status document: what `breezectl status --json` prints and `/api/v1/status`
/// serves, built from the daemon's state at one moment. Receivers by name only, never a
/// URL or a key.
///
/// Its members: `lastCycleCompletedAt`, `lastCycleStartedAt` (RFC 3339 or null),
/// `pollIntervalSeconds`, `stale`, `cities` (configured first, in file order, then any the
/// state still holds; see `cityMembers`), `deliveries` when the outbox was scanned,
/// `extrasFailures` when the daemon said which extras failed (`[{"city", "extra"
/// ("climate", "pollenAndUV"), "reason", "at", "nextTry", "text"}]`, empty when none), and
/// `source` (where it came from) when the caller gives one.
public struct StatusDocument: Sendable {
    public var state: DaemonState
    /// The configured cities, in file order.
    public var configuredCities: [String]
    /// The configured poll interval, in seconds.
    public var configuredInterval: Double
    public var now: Instant
    /// The outbox: pending deliveries per receiver, and the dead count.
    public var deliveries: OutboxSummary?
    /// The `source` member, nil for none.
    public var source: JSONValue?
    /// The status page's extras whose last fetch failed; nil when not known (the state file
    /// does not keep them).
    public var extrasFailures: [ExtrasFailure]?

    public init(
        state: DaemonState, configuredCities: [String], configuredInterval: Double, now: Instant,
        deliveries: OutboxSummary? = nil, source: JSONValue? = nil, extrasFailures: [ExtrasFailure]? = nil
    ) {
        self.extrasFailures = extrasFailures
        self.state = state
        self.configuredCities = configuredCities
        self.configuredInterval = configuredInterval
        self.now = now
        self.deliveries = deliveries
        self.source = source
    }

    /// The interval the daemon last polled at, else the configured one (seconds).
    public var interval: Double { state.interval(configured: configuredInterval) }

    /// Whether the daemon's last completed cycle is stale (`DaemonState.isStale`, as the
    /// status page judges it too).
    public var isStale: Bool { state.isStale(now: now, configuredInterval: configuredInterval) }

    /// Configured cities first, in file order, then any the state still holds.
    public var records: [(name: String, record: CityRecord?)] {
        let configured = configuredCities
        let configuredSet = Set(configured)
        let extra = state.cities.keys.filter { !configuredSet.contains($0) }.sorted()
        return (configured + extra).map { ($0, state.cities[$0]) }
    }

    /// One city's members: `city` (its configured name: the key every `breezectl --json`
    /// names a city by), `country`, `region`, `aqi`, `aqiSource` (`nowcast`, `open-meteo`, or
    /// `sensor` when its outdoor sensors rated it), `sensor` (their label, `sensor backyard`;
    /// null when no sensor rated it), `modelAQI` (the model's AQI beside a sensor's; null when
    /// no sensor rated it), `sensors` (`SensorPresentation.members`: every sensor of the city,
    /// empty without), `openMeteoAQI`,
    /// `aqiFallback`, `aqiLeftOut` (the pollutants NowCast left out for too few hours, each with
    /// why; empty when none), `band` (its slug), `since`, `alert` ("firing", "ok"), `sensitiveAlert`
    /// (the same, or null without a sensitive machine), `lastPoll`, `lastError`; null where
    /// unknown (every one but `city` before the first poll).
    public static func cityMembers(name: String, record: CityRecord?) -> [String: JSONValue] {
        let city = record?.city
        let shown = record?.shownAQI
        return [
            "city": .string(name), "country": .optional(city?.country), "region": .optional(city?.admin1),
            "aqi": integer(shown?.aqi), "aqiSource": .optional(shown?.source?.rawValue),
            "sensor": .optional(shown?.sensor?.label), "modelAQI": integer(shown?.sensor?.modelAQI),
            "sensors": SensorPresentation.members(record?.ground),
            "openMeteoAQI": integer(shown?.openMeteo),
            "aqiFallback": .optional(record?.alerting?.fallbackReason),
            "aqiLeftOut": .array((record?.alerting?.leftOut ?? []).map { .string($0) }),
            "band": .optional(record?.band?.slug),
            "since": .optional(record?.bandSince.map { TimeText.rfc3339($0) }),
            "alert": .optional(record.map { $0.alert.firing ? "firing" : "ok" }),
            // The SensitiveThreshold= machine's, null where the city has none.
            "sensitiveAlert": .optional(record?.sensitiveAlert.map { $0.firing ? "firing" : "ok" }),
            "lastPoll": .optional(record?.lastPollAt.map { TimeText.rfc3339($0) }),
            "lastError": .optional(record?.lastError),
        ]
    }

    /// The document.
    public var value: JSONValue {
        var document: [String: JSONValue] = [
            "lastCycleCompletedAt": .optional(state.lastCycleCompletedAt.map { TimeText.rfc3339($0) }),
            "lastCycleStartedAt": .optional(state.lastCycleStartedAt.map { TimeText.rfc3339($0) }),
            "pollIntervalSeconds": .number(interval),
            "stale": .bool(isStale),
            "cities": .array(records.map { .object(Self.cityMembers(name: $0.name, record: $0.record)) }),
        ]
        if let source { document["source"] = source }
        if let deliveries { document["deliveries"] = deliveriesValue(deliveries) }
        if let extrasFailures {
            document["extrasFailures"] = .array(extrasFailures.map { failure in
                .object([
                    "city": .string(failure.city), "extra": .string(failure.kind.rawValue), "reason": .string(failure.reason),
                    "at": .string(TimeText.rfc3339(failure.at)), "nextTry": .string(TimeText.rfc3339(failure.nextTry)),
                    "text": .string(failure.sentence(now: now)),
                ])
            })
        }
        return .object(document)
    }

    private func deliveriesValue(_ deliveries: OutboxSummary) -> JSONValue {
        .object([
            "pending": .integer(deliveries.pending), "dead": .integer(deliveries.dead),
            "unreadable": .integer(deliveries.corrupt),
            "receivers": .array(deliveries.receivers.map { receiver in
                .object([
                    "name": .string(receiver.name), "pending": .integer(receiver.pending),
                    "oldest": .string(TimeText.rfc3339(receiver.oldestCreatedAt)),
                    "oldestAgeSeconds": .integer(Self.wholeSeconds(now.unixSeconds - receiver.oldestCreatedAt.unixSeconds)),
                    "held": .integer(receiver.held), "lastError": .optional(receiver.lastError),
                ])
            }),
        ])
    }

    private static func integer(_ value: Int?) -> JSONValue { value.map(JSONValue.integer) ?? .null }

    /// Seconds as a whole number, 0 for negative or NaN, capped where `Int` would overflow.
    public static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(min(seconds, 1e15))
    }
}
