import BreezeAlerts
import BreezeCommandLine
import BreezeDelivery
import BreezeModel
import BreezeOutboxValues
import BreezeVocabulary

/// The outbox entry by entry, pending and given up, for people or for scripts.
struct OutboxReport {
    let pending: [OutboxEntry]
    let dead: [OutboxEntry]
    /// Files in the outbox or in dead/ that do not decode.
    let unreadable: [String]
    /// Where the entries came from ("From breezed (pid 12) on …", "From the outbox folders …").
    let source: String
    let sourceJSON: JSONOutput
    /// When the report is made: a time on another day names its day.
    var now: Instant

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
        lines += unreadable.map { "unreadable: \(TerminalText.escaped($0))" }
        if !dead.isEmpty { lines += ["", "'breezectl outbox retry [RECEIVER]' puts given-up entries back in the outbox."] }
        return lines + ["", source]
    }

    private func row(_ entry: OutboxEntry, state: String, reason: String?) -> [String] {
        [
            entry.receiver, state, Self.place(entry.event), entry.event.kind.rawValue,
            TimeText.readable(entry.createdAt, now: now, in: entry.event.city.zone), String(entry.attempts), reason ?? "",
        ]
    }

    /// The city column: the city's name, or for a digest how many cities it lists.
    static func place(_ event: AlertEvent) -> String {
        guard event.kind == .digest else { return event.city.name }
        let count = event.digest?.cities.count ?? 0
        return "digest of \(count) \(count == 1 ? "city" : "cities")"
    }

    func json() -> JSONOutput {
        func object(_ entry: OutboxEntry) -> JSONOutput {
            .object([
                "receiver": .string(entry.receiver), "eventId": .string(entry.event.id),
                "kind": .string(entry.event.kind.rawValue), "city": entry.event.kind == .digest ? .text(nil) : .string(entry.event.city.name),
                "createdAt": .string(TimeText.rfc3339(entry.createdAt)), "attempts": .integer(entry.attempts),
                "nextAttemptAt": .string(TimeText.rfc3339(entry.nextAttemptAt)), "lastError": .text(entry.lastError),
                "heldUntil": .text(entry.heldUntil.map(TimeText.rfc3339)), "reason": .text(entry.deadReason),
            ])
        }
        return JSONOutput.object([
            "pending": .array(pending.map(object)), "dead": .array(dead.map(object)),
            "unreadable": .array(unreadable.map(JSONOutput.string)), "source": sourceJSON,
        ])
    }
}
