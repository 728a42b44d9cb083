import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// One event waiting for one receiver: the unit the outbox stores, one JSON file each.
public struct OutboxEntry: Sendable, Equatable, Codable {
    /// The event as it will be delivered; every retry carries its id unchanged.
    public var event: AlertEvent
    /// The configured name of the receiver it waits for.
    public var receiver: String
    /// Orders the receiver's entries: creation order, unique and increasing even across
    /// restarts (nanoseconds of the wall clock, bumped past the last one used).
    public var sequence: UInt64
    /// When the entry was written: `MaxAge` counts from here.
    public var createdAt: Instant
    /// Delivery attempts made so far.
    public var attempts = 0
    /// No attempt is made before this.
    public var nextAttemptAt: Instant
    /// The last attempt's failure, exactly as logged; nil before any failure.
    public var lastError: String?
    /// Until when quiet hours hold the entry; nil when not held.
    public var heldUntil: Instant?
    /// Set when a more urgent event of the same city went out during quiet hours, taking
    /// this held one with it so the city's order is kept.
    public var quietHoursWaived = false
    /// A synthetic re-send that keeps an alert alive at the receiver (Alertmanager), not an
    /// event of the state machine.
    public var isRefresh = false
    /// Why the entry was given up, once it is in `dead/`.
    public var deadReason: String?

    /// A fresh entry, due at once.
    public init(event: AlertEvent, receiver: String, sequence: UInt64, createdAt: Instant, isRefresh: Bool = false) {
        self.event = event
        self.receiver = receiver
        self.sequence = sequence
        self.createdAt = createdAt
        self.nextAttemptAt = createdAt
        self.isRefresh = isRefresh
    }

    /// `<20-digit sequence>-<event id>.json`: names sort in creation order. An id that is
    /// not a short safe path component (one from a damaged or foreign file) is written as its
    /// `Slug`, so a name is never too long and never escapes the folder.
    public var fileName: String {
        let digits = String(sequence)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits + "-"
            + OutboxEntry.safeComponent(event.id, limit: 160) + ".json"
    }

    /// `text` as one path component of at most `limit` bytes: itself when it is ASCII
    /// letters, digits, `-` and `_` only (every name Breeze makes), else its `Slug`.
    public static func safeComponent(_ text: String, limit: Int = 64) -> String {
        Slug.isSafe(text, limit: limit) ? text : Slug.of(text)
    }
}
