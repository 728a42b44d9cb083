import BreezeAlerts
import BreezeDelivery
import BreezeModel
import BreezeOutboxValues
import BreezeSystem
import BreezeVocabulary

/// Journal records of alert delivery, with the same `BREEZE_*` fields as the daemon's
/// others, so `journalctl BREEZE_RECEIVER=ops` shows one receiver's story.
public enum DeliveryRecords {
    /// The record for `report`: `delivered` (info; debug for Alertmanager refreshes; a
    /// warning when some recipients refused it), `spooled` (info: in a Maildir, sent nowhere),
    /// `delivery-failed` (warning while retrying, error when given up), storage failures
    /// (error); quiet-hours holds are info.
    public static func record(_ report: DeliveryReport) -> LogRecord {
        switch report {
        case .delivered(let entry):
            let what = entry.isRefresh ? "refresh of the alert" : "alert \(entry.event.id)"
            return DaemonRecords.record(
                entry.isRefresh ? .debug : .info, .delivered, "\(what) delivered to \(entry.receiver)",
                fields(entry, event: .delivered))
        case .deliveredInGroup(let entry, let group, let size):
            return DaemonRecords.record(
                .info, .delivered, "alert \(entry.event.id) delivered to \(entry.receiver) in a message of \(size)",
                fields(entry, event: .delivered) + [("BREEZE_GROUP", group), ("BREEZE_GROUP_SIZE", String(size))])
        case .partlyDelivered(let entry, let refused, let group):
            return DaemonRecords.record(
                .warning, .delivered,
                "alert \(entry.event.id) delivered to \(entry.receiver)\(inMessage(group)), but \(refused)",
                fields(entry, event: .delivered) + groupFields(group) + [("BREEZE_ERROR", refused)])
        case .spooled(let entry, let path, let group):
            return DaemonRecords.record(
                entry.isRefresh ? .debug : .info, .spooled,
                "alert \(entry.event.id) for \(entry.receiver) spooled to \(path)\(inMessage(group)), not sent",
                fields(entry, event: .spooled) + groupFields(group) + [("BREEZE_SPOOL", path)])
        case .failed(let entry, let error, let final):
            let message =
                final
                ? "gave up delivering alert \(entry.event.id) to \(entry.receiver): \(error)"
                : "delivering alert \(entry.event.id) to \(entry.receiver) failed, will retry: \(error)"
            return DaemonRecords.record(
                final ? .error : .warning, .deliveryFailed, message,
                fields(entry, event: .deliveryFailed) + [("BREEZE_ERROR", error)])
        case .receiverGone(let receiver, let reason, let buried):
            return DaemonRecords.record(
                .error, .deliveryFailed,
                "receiver \(receiver) is gone (\(reason)): disabled until breezed restarts; "
                    + "\(Counted.text(buried, "pending alert")) moved to dead/",
                [
                    ("BREEZE_EVENT", DaemonEvent.deliveryFailed.rawValue), ("BREEZE_RECEIVER", receiver),
                    ("BREEZE_ERROR", reason),
                ])
        case .waitingForReceiver(let receiver, let entries):
            return LogRecord(
                .warning,
                "\(Counted.text(entries, "pending alert")) for receiver \(receiver), which is not configured: "
                    + "they go out if it comes back, else to dead/ after 24h",
                fields: [("BREEZE_RECEIVER", receiver)])
        case .held(let entry, let until):
            return LogRecord(
                .info,
                "alert \(entry.event.id) for \(entry.receiver) held by quiet hours until "
                    + TimeText.clock(Instant(unixSeconds: until.unixSeconds.rounded(.up)), in: TimeText.zone()),
                fields: placeFields(entry.event) + [
                    ("BREEZE_ALERT_ID", entry.event.id), ("BREEZE_RECEIVER", entry.receiver),
                ])
        case .superseded(let entry, let resolve):
            return LogRecord(
                .info,
                "alert \(entry.event.id) not sent to \(entry.receiver): the episode resolved before it could be "
                    + "delivered; \(resolve.event.id) tells it instead",
                fields: placeFields(entry.event) + [
                    ("BREEZE_ALERT_ID", entry.event.id), ("BREEZE_RECEIVER", entry.receiver),
                ])
        case .storageFailed(let text):
            return LogRecord(.error, "outbox: \(text)", fields: [("BREEZE_ERROR", text)])
        }
    }

    /// ` in a message of 3` for an entry that went in a grouped message.
    private static func inMessage(_ group: GroupShare?) -> String {
        group.map { " in a message of \($0.size)" } ?? ""
    }

    private static func groupFields(_ group: GroupShare?) -> [(name: String, value: String)] {
        group.map { [("BREEZE_GROUP", $0.id), ("BREEZE_GROUP_SIZE", String($0.size))] } ?? []
    }

    static func fields(_ entry: OutboxEntry, event: DaemonEvent) -> [(name: String, value: String)] {
        placeFields(entry.event) + [
            ("BREEZE_EVENT", event.rawValue), ("BREEZE_ALERT_ID", entry.event.id),
            ("BREEZE_RECEIVER", entry.receiver),
        ]
    }

    /// The city's fields, or for a digest (no one city: its placeholder has no name) its day.
    static func placeFields(_ event: AlertEvent) -> [(name: String, value: String)] {
        guard event.kind == .digest else { return DaemonRecords.cityFields(event.city) }
        return event.digest.map { [("BREEZE_DIGEST_DAY", $0.day)] } ?? []
    }
}
