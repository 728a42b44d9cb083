import BreezeVocabulary

/// The outbox at a glance, for `breezectl status`.
public struct OutboxSummary: Sendable, Equatable, Codable {
    /// One receiver's pending entries.
    public struct Receiver: Sendable, Equatable, Codable {
        public var name: String
        public var pending: Int
        /// When the oldest pending entry was written.
        public var oldestCreatedAt: Instant
        /// Entries quiet hours hold now.
        public var held: Int
        /// The head entry's last failure, if it has failed.
        public var lastError: String?
    }

    /// Receivers with pending entries, by name.
    public var receivers: [Receiver]
    /// Entries given up, in `dead/`.
    public var dead: Int
    /// Pending files that do not decode (the daemon moves them to `dead/` when it starts).
    public var corrupt: Int

    /// The summary of the pending `entries` at `now`, with `dead` entries given up and
    /// `corrupt` files that do not decode.
    public init(entries: [OutboxEntry], dead: Int, corrupt: Int, now: Instant) {
        var byReceiver: [String: [OutboxEntry]] = [:]
        for entry in entries { byReceiver[entry.receiver, default: []].append(entry) }
        receivers = byReceiver.keys.sorted().map { name in
            let entries = byReceiver[name]!.sorted { $0.sequence < $1.sequence }
            return Receiver(
                name: name, pending: entries.count,
                oldestCreatedAt: entries.map(\.createdAt).min() ?? now,
                held: entries.filter { $0.heldUntil.map { $0 > now } ?? false }.count,
                lastError: entries.first(where: { $0.lastError != nil })?.lastError)
        }
        self.dead = dead
        self.corrupt = corrupt
    }

    /// Pending entries in all.
    public var pending: Int { receivers.reduce(0) { $0 + $1.pending } }
}
