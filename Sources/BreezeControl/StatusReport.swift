import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import Foundation
import BreezeState
import BreezeVocabulary

/// The daemon's state (from the daemon, or its state file), shown for people or for scripts.
struct StatusReport {
    let state: DaemonState
    /// The configured cities, in file order.
    let configuredCities: [String]
    /// The configured poll interval, in seconds.
    let configuredInterval: Double
    let now: Instant
    /// The outbox: pending deliveries per receiver, and the dead count.
    var deliveries: OutboxSummary? = nil
    /// Where the state came from: the daemon or the state file.
    var source: StatusSource? = nil

    /// The interval the daemon last polled at, else the configured one (seconds).
    var interval: Double { state.interval(configured: configuredInterval) }

    /// Whether the daemon's last completed cycle is older than three intervals, missing, or
    /// in the future beyond `ClockSkew.tolerance` (written while the clock ran ahead: it
    /// proves nothing about the daemon now).
    var isStale: Bool { state.isStale(now: now, configuredInterval: configuredInterval) }

    /// Configured cities first, in file order, then any the state still holds.
    var records: [(name: String, record: CityRecord?)] {
        let configured = configuredCities
        let extra = state.cities.keys.filter { !configured.contains($0) }.sorted()
        return (configured + extra).map { ($0, state.cities[$0]) }
    }

    func lines(colours: Bool) -> [String] {
        var lines: [String] = []
        if let lastCycle = state.lastCycleCompletedAt {
            let last = lastCycle.unixSeconds
            let age = Self.age(now.unixSeconds - last)
            let took = state.lastCycleStartedAt.map { "; it took " + Self.age(last - $0.unixSeconds) } ?? ""
            lines.append(
                "Last poll cycle completed \(TimeText.local(lastCycle)) (\(age) ago\(took))"
                    + (!isStale ? ""
                        : last > now.unixSeconds ? "; that is in the future (written while the clock ran ahead): is breezed running?"
                        : "; that is more than three intervals: is breezed running?"))
        } else {
            lines.append("No poll cycle has completed yet: is breezed running?")
        }
        let header = ["CITY", "AQI", "SOURCE", "OPEN-METEO", "BAND", "SINCE", "ALERT", "LAST POLL", "ERROR"]
        let rows = records.map { name, record -> [String] in
            let shown = displayName(name, record)
            guard let record else { return [shown, "—", "", "", "not polled yet", "", "", "", ""] }
            let alerting = Self.alerting(record)
            let aqi = alerting.aqi.map(String.init) ?? "—"
            let openMeteo = alerting.openMeteo.map(String.init) ?? "—"
            let band = record.band.map { NowPresentation.bandText($0) } ?? "no data"
            return [
                shown, aqi, alerting.source ?? "", openMeteo, band, record.bandSince.map { TimeText.local($0) } ?? "",
                record.alert.firing ? "firing" : "ok", record.lastPollAt.map { TimeText.local($0) } ?? "",
                record.lastError ?? "",
            ]
        }
        lines += TextTable(rightAligned: [1, 3]).lines([header] + rows)
        if let deliveries { lines += deliveryLines(deliveries) }
        if let source { lines += ["", source.line] }
        return lines
    }

    /// The alerting AQI, its source and Open-Meteo's; a state from before Breeze kept the
    /// alerting AQI shows Open-Meteo's, as it alerted on then, without a source.
    static func alerting(_ record: CityRecord) -> (aqi: Int?, source: String?, openMeteo: Int?) {
        guard let alerting = record.alerting else { return (record.lastReading?.usAQI, nil, record.lastReading?.usAQI) }
        return (alerting.aqi, alerting.source.rawValue, alerting.openMeteoAQI)
    }

    /// The city's name with its Region= and Country=, from the configuration, else the state.
    func displayName(_ name: String, _ record: CityRecord?) -> String {
        record?.city.displayName ?? name
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
                receiver.name, String(receiver.pending), Self.age(now.unixSeconds - receiver.oldestCreatedAt.unixSeconds),
                String(receiver.held), receiver.lastError ?? "",
            ]
        }
        lines += TextTable().lines([header] + rows)
        return lines
    }

    func json() -> String {
        let cities: [JSONOutput] = records.map { name, record in
            let city = record?.city
            return .object([
                "name": .string(name), "country": .text(city?.country), "region": .text(city?.admin1),
                "aqi": .integer(record.flatMap { Self.alerting($0).aqi }),
                "aqiSource": .text(record.flatMap { Self.alerting($0).source }),
                "openMeteoAQI": .integer(record.flatMap { Self.alerting($0).openMeteo }),
                "aqiFallback": .text(record?.alerting?.fallbackReason),
                "band": .text(record?.band?.slug),
                "since": .text(record?.bandSince.map { TimeText.rfc3339($0) }),
                "alert": .text(record.map { $0.alert.firing ? "firing" : "ok" }),
                "lastPoll": .text(record?.lastPollAt.map { TimeText.rfc3339($0) }), "lastError": .text(record?.lastError),
            ])
        }
        var document: [String: JSONOutput] = [
            "lastCycleCompletedAt": .text(state.lastCycleCompletedAt.map { TimeText.rfc3339($0) }),
            "lastCycleStartedAt": .text(state.lastCycleStartedAt.map { TimeText.rfc3339($0) }),
            "pollIntervalSeconds": .number(interval),
            "stale": .bool(isStale),
            "cities": .array(cities),
        ]
        if let source { document["source"] = source.json }
        if let deliveries {
            document["deliveries"] = .object([
                "pending": .integer(deliveries.pending), "dead": .integer(deliveries.dead),
                "unreadable": .integer(deliveries.corrupt),
                "receivers": .array(deliveries.receivers.map { receiver in
                    .object([
                        "name": .string(receiver.name), "pending": .integer(receiver.pending),
                        "oldest": .string(TimeText.rfc3339(receiver.oldestCreatedAt)),
                        "oldestAgeSeconds": .integer(Self.wholeSeconds(now.unixSeconds - receiver.oldestCreatedAt.unixSeconds)),
                        "held": .integer(receiver.held), "lastError": .text(receiver.lastError),
                    ])
                }),
            ])
        }
        return JSONOutput.object(document).text
    }

    /// `42s`, `5min`, `3h`, `2d` (`DurationText.age`).
    static func age(_ seconds: Double) -> String { DurationText.age(Duration(seconds: seconds)) }

    /// Seconds as a whole number, 0 for negative or NaN, capped where `Int` would overflow.
    static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(min(seconds, 1e15))
    }
}
