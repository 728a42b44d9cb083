import BreezeAlerts
import BreezeOutboxValues

/// ntfy's sequence id (ntfy 2.16 and later: "Updating notifications"): a message published
/// with the `X-Sequence-ID` header of an earlier one replaces that notification on the
/// subscribers' devices instead of adding one. Breeze sends the episode's thread
/// (`AlertEvent.thread`), so the firing, its escalations and reminders and the resolve are one
/// notification, with no state kept; servers before 2.16 ignore the header and show each
/// message as a new notification, as before.
enum NtfySequence {
    /// The header that names the sequence (ntfy also reads `Sequence-ID` and `SID`, and the
    /// path `/<topic>/<sequence id>`; the header leaves the configured URL as it is).
    static let header = "X-Sequence-ID"

    /// The longest id sent, in the characters and length of an ntfy topic name (what ntfy
    /// accepts in a path segment).
    static let maximumLength = 64

    /// The sequence id of `event`: its thread when that is made of ntfy's id characters
    /// (ASCII letters, digits, `-`, `_`) and short enough, else the thread's slug (readable,
    /// unique per thread, at most 57 characters): `OutboxEntry.safeComponent`'s rule. Nil
    /// without a thread (tests, digests), which are always new notifications.
    static func identifier(_ event: AlertEvent) -> String? {
        guard let thread = event.thread, !thread.isEmpty else { return nil }
        return OutboxEntry.safeComponent(thread, limit: maximumLength)
    }
}
