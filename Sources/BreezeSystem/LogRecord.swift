/// Syslog priorities, as journald and `<N>` stream prefixes use them.
public enum LogPriority: Int, Sendable, Comparable {
    case error = 3
    case warning = 4
    case notice = 5
    case info = 6
    case debug = 7

    public static func < (lhs: LogPriority, rhs: LogPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One structured log record: a constant-ish sentence, a priority, an optional catalogued
/// message id, and the data as journal fields.
public struct LogRecord: Sendable, Equatable {
    public var priority: LogPriority
    public var message: String
    /// A 128-bit id as 32 lowercase hex digits, explained in the journal catalog.
    public var messageID: String?
    /// Journal fields, in order: names are `[A-Z0-9_]`, not starting with `_`.
    public var fields: [(name: String, value: String)]

    public init(
        _ priority: LogPriority, _ message: String, messageID: String? = nil,
        fields: [(name: String, value: String)] = []
    ) {
        self.priority = priority
        self.message = message
        self.messageID = messageID
        self.fields = fields
    }

    /// The value of the first field called `name`.
    public func field(_ name: String) -> String? {
        fields.first(where: { $0.name == name })?.value
    }

    public static func == (lhs: LogRecord, rhs: LogRecord) -> Bool {
        lhs.priority == rhs.priority && lhs.message == rhs.message && lhs.messageID == rhs.messageID
            && lhs.fields.map(\.name) == rhs.fields.map(\.name)
            && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    /// Whether `name` may be sent to journald by a client: journald silently drops fields
    /// starting with `_`, and only `[A-Z0-9_]` is valid.
    public static func isValidFieldName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "_"), name.utf8.count <= 64 else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }
}

/// Where records go. Libraries accept one instead of creating their own.
public protocol Logger: Sendable {
    func log(_ record: LogRecord)
}
