import BreezeAlerts
import BreezeDelivery
import Foundation

/// The outbox entry by entry, pending and given up, for people or for scripts.
struct OutboxReport {
    let pending: [OutboxEntry]
    let dead: [OutboxEntry]
    /// Files in the outbox or in dead/ that do not decode.
    let unreadable: [String]
    /// Where the entries came from ("From breezed (pid 12) on …", "From the outbox folders …").
    let source: String
    let sourceJSON: [String: Any]

    func lines() -> [String] {
        var lines = ["\(pending.count) pending, \(dead.count) given up" + (unreadable.isEmpty ? "" : ", \(unreadable.count) unreadable")]
        let receivers = Set((pending + dead).map(\.receiver)).sorted()
        if !receivers.isEmpty {
            let header = ["RECEIVER", "STATE", "CITY", "EVENT", "CREATED", "ATTEMPTS", "REASON"]
            var rows: [[String]] = [header]
            for receiver in receivers {
                rows += pending.filter { $0.receiver == receiver }.map { row($0, state: "pending", reason: $0.lastError) }
                rows += dead.filter { $0.receiver == receiver }.map { row($0, state: "given up", reason: $0.deadReason) }
            }
            lines += [""] + TextTable().lines(rows)
        }
        lines += unreadable.map { "unreadable: \(Self.printable($0))" }
        if !dead.isEmpty { lines += ["", "'breezectl outbox retry [RECEIVER]' puts given-up entries back in the outbox."] }
        return lines + ["", source]
    }

    private func row(_ entry: OutboxEntry, state: String, reason: String?) -> [String] {
        [
            Self.printable(entry.receiver), state, Self.printable(entry.event.city.name), entry.event.kind.rawValue,
            TimeText.local(entry.createdAt), String(entry.attempts), Self.printable(reason ?? ""),
        ]
    }

    func json() -> String {
        func object(_ entry: OutboxEntry) -> [String: Any] {
            [
                "receiver": entry.receiver, "eventId": entry.event.id, "kind": entry.event.kind.rawValue,
                "city": entry.event.city.name, "createdAt": TimeText.rfc3339(entry.createdAt),
                "attempts": entry.attempts, "nextAttemptAt": TimeText.rfc3339(entry.nextAttemptAt),
                "lastError": entry.lastError ?? NSNull(), "heldUntil": entry.heldUntil.map(TimeText.rfc3339) ?? NSNull(),
                "reason": entry.deadReason ?? NSNull(),
            ]
        }
        let document: [String: Any] = [
            "pending": pending.map(object), "dead": dead.map(object), "unreadable": unreadable, "source": sourceJSON,
        ]
        let data = try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// `text` with control characters shown as U+FFFD, so a name or a server's error text
    /// cannot move the cursor or rewrite the terminal.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "\u{FFFD}" : scalar
        }))
    }
}
