import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import Foundation

/// The state file, shown for people or for scripts.
struct StatusReport {
    let state: DaemonState
    let configuration: Configuration
    let now: Double
    /// The outbox: pending deliveries per receiver, and the dead count.
    var deliveries: OutboxSummary? = nil

    /// The interval the daemon last polled at, else the configured one (seconds).
    var interval: Double { state.pollIntervalSeconds ?? configuration.breeze.pollInterval.seconds }

    /// Whether the daemon's last completed cycle is older than three intervals, missing, or
    /// in the future beyond `ClockSkew.tolerance` (written while the clock ran ahead: it
    /// proves nothing about the daemon now).
    var isStale: Bool {
        guard let last = state.lastCycleCompletedAt, ClockSkew.clamp(last, now: now) == last else { return true }
        return now - last > 3 * interval
    }

    /// Configured cities first, in file order, then any the state still holds.
    var records: [(name: String, record: CityRecord?)] {
        let configured = configuration.cities.map(\.city.name)
        let extra = state.cities.keys.filter { !configured.contains($0) }.sorted()
        return (configured + extra).map { ($0, state.cities[$0]) }
    }

    func lines(colours: Bool) -> [String] {
        var lines: [String] = []
        if let last = state.lastCycleCompletedAt {
            let age = Self.age(now - last)
            lines.append(
                "Last poll cycle completed \(TimeText.local(last)) (\(age) ago)"
                    + (!isStale ? ""
                        : last > now ? "; that is in the future (written while the clock ran ahead): is breezed running?"
                        : "; that is more than three intervals: is breezed running?"))
        } else {
            lines.append("No poll cycle has completed yet: is breezed running?")
        }
        let header = ["CITY", "AQI", "BAND", "SINCE", "ALERT", "LAST POLL", "ERROR"]
        let rows = records.map { name, record -> [String] in
            guard let record else { return [name, "-", "not polled yet", "", "", "", ""] }
            let aqi = record.lastReading?.usAQI.map(String.init) ?? "-"
            let band = record.band.map { "\($0.label) \($0.emoji)" } ?? "no data"
            return [
                name, aqi, band, record.bandSince.map(TimeText.local) ?? "",
                record.alert.firing ? "firing" : "ok", record.lastPollAt.map(TimeText.local) ?? "",
                record.lastError ?? "",
            ]
        }
        lines += TextTable().lines([header] + rows)
        if let deliveries { lines += deliveryLines(deliveries) }
        return lines
    }

    func deliveryLines(_ deliveries: OutboxSummary) -> [String] {
        var lines = [
            "", "Deliveries: \(deliveries.pending) pending, \(deliveries.dead) given up (in dead/)"
                + (deliveries.corrupt > 0 ? ", \(deliveries.corrupt) unreadable" : ""),
        ]
        guard !deliveries.receivers.isEmpty else { return lines }
        let header = ["RECEIVER", "PENDING", "OLDEST", "HELD", "LAST ERROR"]
        let rows = deliveries.receivers.map { receiver in
            [
                receiver.name, String(receiver.pending), Self.age(now - receiver.oldestCreatedAt),
                String(receiver.held), receiver.lastError ?? "",
            ]
        }
        lines += TextTable().lines([header] + rows)
        return lines
    }

    func json() -> String {
        let cities: [[String: Any]] = records.map { name, record in
            var object: [String: Any] = ["name": name]
            object["aqi"] = record?.lastReading?.usAQI ?? NSNull()
            object["band"] = record?.band?.slug ?? NSNull()
            object["since"] = record?.bandSince.map(TimeText.rfc3339) ?? NSNull()
            object["alert"] = record.map { $0.alert.firing ? "firing" : "ok" } ?? NSNull()
            object["lastPoll"] = record?.lastPollAt.map(TimeText.rfc3339) ?? NSNull()
            object["lastError"] = record?.lastError ?? NSNull()
            return object
        }
        var document: [String: Any] = [
            "lastCycleCompletedAt": state.lastCycleCompletedAt.map(TimeText.rfc3339) ?? NSNull(),
            "pollIntervalSeconds": interval,
            "stale": isStale,
            "cities": cities,
        ]
        if let deliveries {
            document["deliveries"] = [
                "pending": deliveries.pending, "dead": deliveries.dead, "unreadable": deliveries.corrupt,
                "receivers": deliveries.receivers.map { receiver -> [String: Any] in
                    [
                        "name": receiver.name, "pending": receiver.pending,
                        "oldest": TimeText.rfc3339(receiver.oldestCreatedAt),
                        "oldestAgeSeconds": Int(max(0, now - receiver.oldestCreatedAt)), "held": receiver.held,
                        "lastError": receiver.lastError ?? NSNull(),
                    ]
                },
            ] as [String: Any]
        }
        let data = try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// `42s`, `5min`, `3h`, `2d`.
    static func age(_ seconds: Double) -> String {
        let whole = Int(max(0, seconds))
        if whole < 120 { return "\(whole)s" }
        if whole < 7200 { return "\(whole / 60)min" }
        if whole < 172_800 { return "\(whole / 3600)h" }
        return "\(whole / 86_400)d"
    }
}
