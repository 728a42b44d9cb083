import BreezeFiles
import BreezeOutboxValues
import FoundationEssentials
import BreezeVocabulary

#if canImport(Glibc)
import Glibc
#endif

/// What a receiver answered about the message that stands for an episode (Discord's message
/// id from `?wait=true`), kept durably per receiver and thread so a later event of the
/// episode edits that message — after a restart too.
///
/// Layout: `<StateDirectory>/receipts/<receiver slug>/<thread>` (the thread as a safe path
/// component, else its slug), each file one line `<message id> <unix seconds> open|resolved`,
/// written atomically (`AtomicFile`). Every reader treats a missing, oversized, malformed or
/// hostile file as no receipt: the event is then posted as a new message. The folder stays
/// small: `prune` drops receipts of episodes resolved a day ago, of any episode not touched
/// for `keep`, and the oldest beyond `maximumCount`.
public struct ReceiptStore: Sendable {
    /// One thread's receipt.
    public struct Receipt: Sendable, Equatable {
        /// The receiver's id of the message (digits only, `isValidMessageID`).
        public var messageID: String
        /// When it was last posted or edited.
        public var updatedAt: Instant
        /// Whether the episode's resolve was the last edit.
        public var resolved: Bool

        public init(messageID: String, updatedAt: Instant, resolved: Bool) {
            self.messageID = messageID
            self.updatedAt = updatedAt
            self.resolved = resolved
        }
    }

    /// The receiver's folder.
    public let folder: String
    /// How long a receipt of an episode that is not resolved is kept after its last event.
    public let keep: Duration

    /// How long a resolved episode's receipt is kept (a late retry of the resolve still edits).
    public static let resolvedKeep = Duration.seconds(24 * 3600)
    /// At most this many receipts per receiver; the oldest go first.
    public static let maximumCount = 512
    /// The longest message id accepted (Discord's snowflakes have at most 20 digits).
    public static let maximumIDLength = 24
    /// A receipt file is one short line; anything longer is not one.
    static let maximumFileSize = 128

    /// The store of receiver `receiver` under the state directory `stateDirectory`.
    public init(stateDirectory: String, receiver: String, keep: Duration = .seconds(30 * 24 * 3600)) {
        let base = stateDirectory.hasSuffix("/") ? String(stateDirectory.dropLast()) : stateDirectory
        folder = base + "/receipts/" + Slug.of(receiver)
        self.keep = keep
    }

    /// Whether `text` can be a message id: 1 to 24 ASCII digits.
    public static func isValidMessageID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maximumIDLength && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// The file of `thread`.
    public func path(thread: String) -> String {
        folder + "/" + OutboxEntry.safeComponent(thread, limit: 96)
    }

    /// The receipt of `thread`; nil when there is none or it cannot be read as one.
    public func receipt(thread: String) -> Receipt? {
        guard let bytes = try? AtomicFile.read(path(thread: thread)) else { return nil }
        return Self.parse(bytes)
    }

    /// Records `receipt` for `thread`, replacing any earlier one.
    public func record(_ receipt: Receipt, thread: String) throws(FileError) {
        guard Self.isValidMessageID(receipt.messageID) else {
            throw FileError(path: path(thread: thread), reason: "not a message id")
        }
        try AtomicFile.createFolder(folder, mode: 0o700)
        let line = "\(receipt.messageID) \(Self.wholeSeconds(receipt.updatedAt)) \(receipt.resolved ? "resolved" : "open")\n"
        try AtomicFile.write(Array(line.utf8), to: path(thread: thread), mode: 0o600)
    }

    /// Forgets `thread`'s receipt (its message is gone).
    public func forget(thread: String) {
        unlink(path(thread: thread))
    }

    /// Removes the receipts no later event will use, as of `now`: resolved ones a day old,
    /// open ones not touched for `keep`, unreadable ones and leftover temporary files, and
    /// the oldest beyond `maximumCount`. Returns how many were removed.
    @discardableResult
    public func prune(now: Instant) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var kept: [(name: String, updatedAt: Instant)] = []
        var removed = 0
        for name in names {
            let file = folder + "/" + name
            let receipt = (try? AtomicFile.read(file)).flatMap { $0.flatMap(Self.parse) }
            let age = receipt.map { now.unixSeconds - $0.updatedAt.unixSeconds }
            let limit = receipt?.resolved == true ? Self.resolvedKeep : keep
            // A temporary file is an AtomicFile write that a crash interrupted: unreadable as a
            // receipt, it goes with the damaged ones.
            if let receipt, let age, age <= limit.seconds {
                kept.append((name, receipt.updatedAt))
            } else if unlink(file) == 0 {
                removed += 1
            }
        }
        if kept.count > Self.maximumCount {
            kept.sort { $0.updatedAt < $1.updatedAt }
            for entry in kept.prefix(kept.count - Self.maximumCount) where unlink(folder + "/" + entry.name) == 0 {
                removed += 1
            }
        }
        return removed
    }

    /// Whole seconds, bounded: a time from a damaged clock never traps.
    static func wholeSeconds(_ time: Instant) -> Int64 {
        let seconds = time.unixSeconds
        guard seconds.isFinite else { return 0 }
        return Int64(max(-1e15, min(1e15, seconds)).rounded(.down))
    }

    /// `<id> <seconds> open|resolved\n`, nothing else.
    static func parse(_ bytes: [UInt8]) -> Receipt? {
        guard bytes.count <= maximumFileSize, bytes.last == UInt8(ascii: "\n") else { return nil }
        let fields = String(decoding: bytes.dropLast(), as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 3, isValidMessageID(String(fields[0])), let seconds = Int64(fields[1]),
            fields[2] == "open" || fields[2] == "resolved"
        else { return nil }
        return Receipt(messageID: String(fields[0]), updatedAt: Instant(unixSeconds: Double(seconds)), resolved: fields[2] == "resolved")
    }
}
