import BreezeConfig
import BreezeSystem

/// Journal records of the heartbeat (`HeartbeatURL=`): `BREEZE_EVENT=heartbeat-failed` with
/// `BREEZE_HEARTBEAT_*` fields for a failed or dropped ping, debug for a delivered one. They
/// name the monitor by its host; every text passes the URL's `Redactor`.
enum HeartbeatRecords {
    /// The record of one ping's `outcome`.
    static func record(_ outcome: HeartbeatPing.Outcome, kind: HeartbeatPing.Kind, url: String) -> LogRecord {
        let redactor = Redactor(url: url)
        let place = Redactor.place(ofURL: url)
        var fields = baseFields(kind: kind, place: place)
        switch outcome {
        case .delivered(let status):
            fields += [("BREEZE_HEARTBEAT_RESULT", "delivered"), ("BREEZE_HEARTBEAT_STATUS", String(status))]
            return LogRecord(.debug, redactor.redact("heartbeat (\(kind.rawValue)) to \(place): HTTP \(status)"), fields: fields)
        case .refused(let status, let redirectedTo):
            let error = redirectedTo.map { "HTTP \(status) redirect to \($0), not followed; update HeartbeatURL=" }
                ?? "HTTP \(status)"
            fields += [("BREEZE_HEARTBEAT_RESULT", "refused"), ("BREEZE_HEARTBEAT_STATUS", String(status))]
            return failed(kind: kind, place: place, error: error, fields: fields, redactor: redactor)
        case .unanswered(let error):
            fields.append(("BREEZE_HEARTBEAT_RESULT", "unanswered"))
            return failed(kind: kind, place: place, error: error.description, fields: fields, redactor: redactor)
        }
    }

    /// A ping not sent because the last one was still running; `total` since the start.
    static func dropped(kind: HeartbeatPing.Kind, url: String, total: Int) -> LogRecord {
        let place = Redactor.place(ofURL: url)
        let error = "the previous heartbeat is still running"
        let fields = baseFields(kind: kind, place: place) + [
            ("BREEZE_HEARTBEAT_RESULT", "dropped"), ("BREEZE_HEARTBEAT_DROPPED", String(total)),
        ]
        return failed(kind: kind, place: place, error: error, fields: fields, redactor: Redactor(url: url), verb: "dropped")
    }

    private static func baseFields(kind: HeartbeatPing.Kind, place: String) -> [(name: String, value: String)] {
        [("BREEZE_HEARTBEAT_KIND", kind.rawValue), ("BREEZE_HEARTBEAT_HOST", place)]
    }

    private static func failed(
        kind: HeartbeatPing.Kind, place: String, error: String, fields: [(name: String, value: String)],
        redactor: Redactor, verb: String = "failed"
    ) -> LogRecord {
        let message = "heartbeat (\(kind.rawValue)) to \(place) \(verb): \(error)"
        // Only a failed or dropped ping is a heartbeat-failed event: a delivered one is not.
        let event = [(name: "BREEZE_EVENT", value: DaemonEvent.heartbeatFailed.rawValue)]
        let redacted = (event + fields + [("BREEZE_ERROR", error)]).map { (name: $0.name, value: redactor.redact($0.value)) }
        return LogRecord(
            .warning, redactor.redact(message), messageID: DaemonEvent.heartbeatFailed.messageID, fields: redacted)
    }
}
