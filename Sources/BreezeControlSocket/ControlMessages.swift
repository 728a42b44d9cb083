import BreezeAlerts
import BreezeOutboxValues
import BreezeJSON
import FoundationEssentials
import BreezeState
import BreezeVocabulary

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
/// `{"request":"retry","receiver":"hook"}`. Written by `ControlLine.encode(_:)`, read by
/// `ControlRequestReader`.
public struct ControlRequest: Sendable, Equatable {
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
    /// When the next poll runs, nil before the loop is armed.
    public var nextPollAt: Instant?
    /// Whether a poll cycle runs now.
    public var cycleRunning: Bool

    public init(
        processID: Int32, version: String, configuration: String, cities: [String], pollIntervalSeconds: Double,
        nextPollAt: Instant?, cycleRunning: Bool
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
    /// `status`: the state, carried as state.json holds it (see `ControlLine`).
    public var state: DaemonState?
    /// `status`: the outbox at a glance.
    public var deliveries: OutboxSummary?
    /// `status`: the status page's extras whose last fetch failed, by configured city (a
    /// daemon before this member sends none).
    public var extrasFailures: [ExtrasFailure]?
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

    /// The refusal of a connection the daemon has no room for now (`why`): "busy: `why`; try
    /// again". Nothing was done; asking again later may work.
    public static func busy(_ why: String) -> ControlResponse { .failure("\(busyPrefix)\(why); try again") }

    /// Whether this is a `busy` refusal (breezectl exits 75, EX_TEMPFAIL). Daemons before
    /// `busy(_:)` sent "busy: too many connections; try again": the same start.
    public var isBusy: Bool { !ok && (error?.hasPrefix(Self.busyPrefix) ?? false) }

    private static let busyPrefix = "busy: "

    /// Every member but `state`, which `ControlLine` writes and reads as the state file does.
    enum CodingKeys: String, CodingKey {
        case ok, error, message, daemon, deliveries, extrasFailures, pending, dead, unreadable, requeued
    }
}

/// The wire format: one compact JSON object per line (JSON text escapes every line break
/// inside strings, so a newline only ever ends a message). A response's `state` member is
/// the state file's own document (`StateDocument`: its writer, its reader), the rest
/// `Codable` as the outbox entries it carries are on disk, written by BreezeJSON's writer
/// (`JSONValueEncoder`) and read by its scanner (`JSONValueDecoder`).
public enum ControlLine {
    /// `response` and a newline, its state written by the state file's writer.
    public static func encode(_ response: ControlResponse) throws -> [UInt8] {
        var line = try encode(response as any Encodable)
        guard let state = response.state else { return line }
        // `{…}\n` → `{…,"state":{…}}\n`: the envelope always has "ok", so never empty.
        line.removeLast(2)
        line += Array(#","state":"#.utf8) + (try StateDocument.encode(state)) + Array("}\n".utf8)
        return line
    }

    /// `request` and a newline: `{"receiver":…,"request":…}`, without `receiver` when it is nil.
    public static func encode(_ request: ControlRequest) -> [UInt8] {
        var members: [String: JSONValue] = ["request": .string(request.request)]
        if let receiver = request.receiver { members["receiver"] = .string(receiver) }
        return JSONValue.object(members).bytes + [UInt8(ascii: "\n")]
    }

    /// A response line (without its newline), its state read by the state file's reader.
    public static func decodeResponse(_ line: [UInt8]) throws -> ControlResponse {
        guard let range = try stateRange(line) else { return try decode(ControlResponse.self, from: line) }
        // The envelope without the state (`null` in its place; `ControlResponse` has no such
        // key): the state's megabytes are read once, by the state's reader.
        var response = try decode(
            ControlResponse.self, from: Array(line[..<range.lowerBound]) + Array("null".utf8) + Array(line[range.upperBound...]))
        response.state = try StateDocument.decode(line[range], expectedCities: response.daemon?.cities.count ?? 0)
        return response
    }

    /// Where the top-level `state` member's value is in `line`, if it has one. The members
    /// are stepped over by their brackets alone (`skipValueUnchecked`): each is read, and so
    /// checked, after; checking the state's megabytes here too was a third of its reading.
    static func stateRange(_ line: [UInt8]) throws -> Range<Int>? {
        try line.withUnsafeBytes { buffer throws(JSONSyntaxError) -> Range<Int>? in
            var scanner = JSONScanner(buffer)
            var range: Range<Int>?
            try scanner.readObject { scanner, key throws(JSONSyntaxError) in
                scanner.skipWhitespace()
                let start = scanner.position
                try scanner.skipValueUnchecked()
                if key.equals("state") { range = start..<scanner.position }
            }
            return range
        }
    }

    /// `value` as compact JSON with sorted keys (BreezeJSON's writer), and a newline.
    public static func encode(_ value: any Encodable) throws -> [UInt8] {
        try JSONValueEncoder.encode(value).bytes + [UInt8(ascii: "\n")]
    }

    /// One line (without its newline) as `Value`.
    public static func decode<Value: Decodable>(_ type: Value.Type, from line: [UInt8]) throws -> Value {
        try JSONValueDecoder.decode(type, from: line)
    }
}
