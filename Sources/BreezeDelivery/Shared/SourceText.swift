import BreezeAlerts
import BreezeJSON
import BreezeModel
import BreezeVocabulary

/// What every format shows of a `[Sensor]`'s `source-stale` event (`AlertSubject.source`)
/// beside `AlertText`: the title, the json `source` member, the email's lines, ntfy's tags
/// and the chat colour. Each returns nil for other events, so `ExposureText` branches to it
/// with one line. The sensor is named by its label (`sensor backyard`, `AirNow <site>`).
enum SourceText {
    /// `Paris: sensor backyard stale`, `Paris: sensor backyard answers again`.
    static func title(_ text: AlertText) -> String? {
        guard let source = details(text.event) else { return nil }
        return "\(text.place): \(source.label) " + (text.event.kind == .resolved ? "answers again" : "stale")
    }

    /// The sentence of a source event (`AlertEvent.sourceMessage`), also for a resolve whose
    /// episode the receiver never heard of: a sensor's return needs no episode span.
    static func sentence(_ text: AlertText) -> String? {
        details(text.event) == nil ? nil : text.event.message
    }

    /// The json `source` member: `{sensor, kind, label, lastValidAt, reason, answers}`
    /// (`lastValidAt` RFC 3339 or null; `answers`: whether it answered but failed its checks).
    static func addData(_ event: AlertEvent, to members: inout [String: JSONValue]) {
        guard let source = details(event) else { return }
        members["source"] = .object([
            "sensor": .string(source.sensor), "kind": .string(source.kind.rawValue), "label": .string(source.label),
            "lastValidAt": .optional(source.lastValidAt.map { TimeText.rfc3339($0) }),
            "reason": .optional(source.reason), "answers": .bool(source.answers == true),
        ])
    }

    /// The email's lines, from the message to the signature.
    static func mailBody(_ text: AlertText, hostname: String) -> [String]? {
        let event = text.event
        guard let source = details(event) else { return nil }
        var lines = [text.message, ""]
        lines.append(event.kind == .resolved
            ? "The sensor gives valid readings again: the city's alerts are rated from it again."
            : "Until it gives valid readings again, the city's alerts are rated from the model.")
        lines += ["", "City:      \(text.place) (\(event.city.latitude), \(event.city.longitude))"]
        lines.append("Sensor:    \(source.label) (\(source.kind.label))")
        let last = source.lastValidAt.map { TimeText.readable($0, now: text.now, in: text.zone) } ?? "never"
        lines.append("Last valid reading: \(last)")
        if let reason = source.reason { lines.append("Last attempt: \(reason)") }
        if let note = text.lateNote { lines.append("Sent late: \(note)") }
        if !event.tips.isEmpty { lines += ["", "What to do:"] + event.tips.map { "- " + $0 } }
        lines += ["", "-- ", "Breeze on \(hostname), event \(event.id)"]
        return lines
    }

    /// ntfy's tags: `source` and the kind (`purpleair`).
    static func tags(_ event: AlertEvent) -> [String]? {
        details(event).map { ["source", $0.kind.rawValue] }
    }

    /// Grey while the sensor is stale, green when it is back.
    static func colour(_ event: AlertEvent) -> Int? {
        guard details(event) != nil else { return nil }
        return event.kind == .resolved ? 0x34C759 : 0x8E8E93
    }

    /// `sensor backyard stale`, `sensor backyard back`: a grouped message's short form.
    static func short(_ event: AlertEvent) -> String? {
        details(event).map { "\($0.label) " + (event.kind == .resolved ? "back" : "stale") }
    }

    private static func details(_ event: AlertEvent) -> SourceStaleDetails? {
        event.about == .source ? event.sourceStatus : nil
    }
}
