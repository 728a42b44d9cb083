import BreezeAlerts
import BreezeDelivery
import Foundation

/// What a client may ask `breezed` over the control socket.
public enum ControlRequestKind: String, Sendable, CaseIterable {
    /// Each city's reading and alert, the last and next cycle, the outbox at a glance.
    case status
    /// Every pending and given-up delivery, with its reason.
    case outbox
    /// Poll every city now (as SIGUSR1 does).
    case poll
    /// Re-read the configuration (as SIGHUP does).
    case reload
    /// Put given-up deliveries (of one receiver, or all) back in the outbox.
    case retry

    /// Whether only root or the service's own user may ask it.
    public var isPrivileged: Bool {
        switch self {
        case .status, .outbox: false
        case .poll, .reload, .retry: true
        }
    }
}

/// One request: a line of JSON such as `{"request":"status"}` or
/// `{"request":"retry","receiver":"hook"}`.
public struct ControlRequest: Codable, Sendable, Equatable {
    /// The request's name; `kind` is nil when it names none breezed knows.
    public var request: String
    /// For `retry`: the receiver whose given-up entries go back; nil for every receiver.
    public var receiver: String?

    public init(_ kind: ControlRequestKind, receiver: String? = nil) {
        request = kind.rawValue
        self.receiver = receiver
    }

    public var kind: ControlRequestKind? { ControlRequestKind(rawValue: request) }
}

/// Who answered, and what it runs on: enough for `breezectl status` to need no
/// configuration of its own.
public struct DaemonDescription: Codable, Sendable, Equatable {
    public var processID: Int32
    public var version: String
    /// The main configuration file it loaded.
    public var configuration: String
    /// The configured cities, in file order.
    public var cities: [String]
    /// The configured poll interval, in seconds.
    public var pollIntervalSeconds: Double
    /// Unix seconds of the next poll, nil before the loop is armed.
    public var nextPollAt: Double?
    /// Whether a poll cycle runs now.
    public var cycleRunning: Bool

    public init(
        processID: Int32, version: String, configuration: String, cities: [String], pollIntervalSeconds: Double,
        nextPollAt: Double?, cycleRunning: Bool
    ) {
        self.processID = processID
        self.version = version
        self.configuration = configuration
        self.cities = cities
        self.pollIntervalSeconds = pollIntervalSeconds
        self.nextPollAt = nextPollAt
        self.cycleRunning = cycleRunning
    }
}

/// One answer: a line of JSON. `ok` false comes with `error`; the other members are those
/// the request asks for.
public struct ControlResponse: Codable, Sendable {
    public var ok: Bool
    public var error: String?
    /// What was done, for privileged requests ("polling now").
    public var message: String?
    public var daemon: DaemonDescription?
    /// `status`: the state, as in state.json.
    public var state: DaemonState?
    /// `status`: the outbox at a glance.
    public var deliveries: OutboxSummary?
    /// `outbox`: every pending entry, by receiver, in order.
    public var pending: [OutboxEntry]?
    /// `outbox`: every given-up entry, with its `deadReason`.
    public var dead: [OutboxEntry]?
    /// `outbox`: files in the outbox or in dead/ that do not decode.
    public var unreadable: [String]?
    /// `retry`: how many entries went back to the outbox.
    public var requeued: Int?

    public init(ok: Bool = true, error: String? = nil, message: String? = nil) {
        self.ok = ok
        self.error = error
        self.message = message
    }

    /// A refusal or failure that says why.
    public static func failure(_ error: String) -> ControlResponse { ControlResponse(ok: false, error: error) }
}

/// The wire format: one compact JSON object per line (JSON text escapes every line break
/// inside strings, so a newline only ever ends a message).
public enum ControlLine {
    /// `value` as compact JSON with sorted keys, and a newline.
    public static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value)) + [UInt8(ascii: "\n")]
    }

    /// One line (without its newline) as `Value`.
    public static func decode<Value: Decodable>(_ type: Value.Type, from line: [UInt8]) throws -> Value {
        try JSONDecoder().decode(type, from: Data(line))
    }
}
