import BreezeJSON
import BreezeVocabulary

/// What Open-Meteo's `meta.json` of a domain says of its last model run (unix seconds in the
/// file), read as far as the forecast schedule needs it. Whether the answer can be believed at
/// a given moment is `problem(now:)`'s.
public struct ModelRunMeta: Sendable, Equatable {
    /// When the run started (`last_run_initialisation_time`): the run's name, 00Z or 12Z.
    public var run: Instant
    /// When its forecast could first be asked for (`last_run_availability_time`).
    public var available: Instant
    /// When its files last changed (`last_run_modification_time`).
    public var modified: Instant
    /// How often the domain runs (`update_interval_seconds`).
    public var updateInterval: Int

    public init(run: Instant, available: Instant, modified: Instant, updateInterval: Int) {
        self.run = run
        self.available = available
        self.modified = modified
        self.updateInterval = updateInterval
    }

    /// How far in the future an availability may lie and still be believed (clocks differ).
    public static let clockSkew: Double = 300
    /// The oldest run believed: CAMS runs at least daily, so an older one is a stale answer.
    public static let oldestRun: Double = 7 * 86_400

    /// Why the answer cannot be believed at `now`, nil when it can: a run after its own
    /// availability, an availability in the future, a run older than `oldestRun`.
    public func problem(now: Instant) -> String? {
        if run > available { return "its run is after its availability" }
        if available.unixSeconds > now.unixSeconds + Self.clockSkew { return "its availability is in the future" }
        if run.unixSeconds < now.unixSeconds - Self.oldestRun { return "its run is more than 7 days old" }
        return nil
    }

    /// The fields read, each required to be an integer.
    static let fields = [
        "last_run_initialisation_time", "last_run_availability_time", "last_run_modification_time",
        "update_interval_seconds",
    ]

    /// Reads a `meta.json` body: one object whose `fields` are integers (other members are
    /// skipped); throws `unparsableBody` naming what is wrong.
    public init(body: [UInt8]) throws(FetchError) {
        var values: [String: Double] = [:]
        var wrong: String?
        let read = body.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in
                var scanner = JSONScanner(buffer)
                scanner.skipWhitespace()
                guard try scanner.peekKind() == .object else { throw scanner.error("not an object") }
                try scanner.readObject { scanner, key throws(JSONSyntaxError) in
                    let name = key.string
                    guard Self.fields.contains(name) else { return try scanner.skipValue(depth: 1) }
                    guard try scanner.peekKind() == .number else {
                        if wrong == nil { wrong = "'\(name)' is not a number" }
                        return try scanner.skipValue(depth: 1)
                    }
                    values[name] = try scanner.readNumber()
                }
                scanner.skipWhitespace()
                guard scanner.isAtEnd else { throw scanner.error("text after the object") }
            }
        }
        if case .failure(let error) = read { throw .unparsableBody("meta.json: \(error)") }
        if let wrong { throw .unparsableBody("meta.json: \(wrong)") }
        var integers: [String: Int] = [:]
        for name in Self.fields {
            guard let value = values[name] else { throw .unparsableBody("meta.json: '\(name)' is missing") }
            // A time Breeze can hold: a whole number of seconds, within ±10¹² (some 31,000 years).
            guard value.isFinite, value == value.rounded(), abs(value) < 1e12 else {
                throw .unparsableBody("meta.json: '\(name)' is not an integer time")
            }
            integers[name] = Int(value)
        }
        self.init(
            run: Instant(unixSeconds: Double(integers["last_run_initialisation_time"]!)),
            available: Instant(unixSeconds: Double(integers["last_run_availability_time"]!)),
            modified: Instant(unixSeconds: Double(integers["last_run_modification_time"]!)),
            updateInterval: integers["update_interval_seconds"]!)
    }
}
