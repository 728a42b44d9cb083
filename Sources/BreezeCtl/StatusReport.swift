import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeOutboxValues
import FoundationEssentials
import BreezeState
import BreezeVocabulary
import BreezeWeb

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
    /// The status page's extras whose last fetch failed, as the daemon said; nil from the
    /// state file (which does not keep them).
    var extrasFailures: [ExtrasFailure]? = nil

    /// The document `--json` prints and `/api/v1/status` serves (`StatusDocument`): the
    /// state's times, staleness and the cities' rows are its.
    var document: StatusDocument {
        StatusDocument(
            state: state, configuredCities: configuredCities, configuredInterval: configuredInterval, now: now,
            deliveries: deliveries, source: source?.json, extrasFailures: extrasFailures)
    }

    /// Whether the daemon's last completed cycle is stale (`StatusDocument.isStale`).
    var isStale: Bool { document.isStale }

    /// Configured cities first, in file order, then any the state still holds.
    var records: [(name: String, record: CityRecord?)] { document.records }

    /// A time in a zone: what `TimeText.readable` writes differently.
    private struct ZonedInstant: Hashable {
        var instant: Instant
        var zone: CivilZone
    }

    func lines(colours: Bool) -> [String] {
        var lines: [String] = []
        if let lastCycle = state.lastCycleCompletedAt {
            let last = lastCycle.unixSeconds
            let age = Self.age(now.unixSeconds - last)
            let took = state.lastCycleStartedAt.map { "; it took " + Self.age(last - $0.unixSeconds) } ?? ""
            lines.append(
                "Last poll cycle completed \(TimeText.readable(lastCycle, now: now, in: TimeText.zone())) (\(age) ago\(took))"
                    + (!isStale ? ""
                        : last > now.unixSeconds ? "; that is in the future (written while the clock ran ahead): is breezed running?"
                        : "; that is more than three intervals: is breezed running?"))
        } else {
            lines.append("No poll cycle has completed yet: is breezed running?")
        }
        let header = ["CITY", "AQI", "SOURCE", "OPEN-METEO", "BAND", "SINCE", "ALERT", "LAST POLL", "ERROR"]
        // Once: the table and the sensors' lines both walk it.
        let records = self.records
        // The cities polled in one cycle share their times, and most share a zone: each time
        // in each zone is written once (TimeText.readable costs thousands of instructions).
        var written: [ZonedInstant: String] = [:]
        let rows = records.map { name, record -> [String] in
            let shown = displayName(name, record)
            guard let record else { return [shown, "—", "", "", "not polled yet", "", "", "", ""] }
            let alerting = record.shownAQI
            let aqi = alerting.aqi.map(String.init) ?? "—"
            let openMeteo = alerting.openMeteo.map(String.init) ?? "—"
            let band = record.band.map { NowPresentation.bandText($0) } ?? "no data"
            // Each city's times in its own zone, as its messages and page show them.
            let zone = record.city.zone
            let time = { (instant: Instant) -> String in
                let key = ZonedInstant(instant: instant, zone: zone)
                if let text = written[key] { return text }
                let text = TimeText.readable(instant, now: now, in: zone)
                written[key] = text
                return text
            }
            return [
                shown, aqi, source(alerting), openMeteo, band, record.bandSince.map(time) ?? "",
                // "sensitive": only the SensitiveThreshold= machine fires (Audience=sensitive receivers).
                record.alert.firing ? "firing" : record.sensitiveAlert?.firing == true ? "sensitive" : "ok", record.lastPollAt.map(time) ?? "",
                record.lastError ?? "",
            ]
        }
        lines += TextTable(rightAligned: [1, 3]).lines([header] + rows)
        lines += sensorLines(records)
        if let extrasFailures, !extrasFailures.isEmpty {
            lines += ["", "Status page extras that failed:"]
            lines += TextTable().lines(
                [["CITY", "EXTRA", "WHAT HAPPENED"]]
                    + extrasFailures.map { [displayName($0.city, state.cities[$0.city]), $0.kind.name, $0.sentence(now: now)] })
        }
        if let deliveries { lines += deliveryLines(deliveries) }
        if let source { lines += ["", source.line] }
        return lines
    }

    /// `nowcast`, `open-meteo`, or the label of the sensor that rated the AQI with the
    /// model's value beside: `sensor backyard (model 60)`.
    func source(_ shown: ShownAQI) -> String {
        let label = shown.sourceLabel ?? ""
        guard let sensor = shown.sensor else { return label }
        return label + " (model " + (sensor.modelAQI.map(String.init) ?? "none") + ")"
    }

    /// A line per `[Sensor]` of every city: its label, placement, latest PM2.5, NowCast,
    /// verdict (with `stale`) and its last valid sample in the city's zone; none without sensors.
    func sensorLines(_ records: [(name: String, record: CityRecord?)]) -> [String] {
        let rows = records.flatMap { name, record -> [[String]] in
            guard let record, let ground = record.ground else { return [] }
            return ground.sensors.map { sensor in
                [
                    displayName(name, record), sensor.label, sensor.placement.rawValue, SensorPresentation.pm2_5(sensor),
                    SensorPresentation.nowCast(sensor), SensorPresentation.verdict(sensor),
                    sensor.lastValidAt.map { TimeText.readable($0, now: now, in: record.city.zone) } ?? "never",
                ]
            }
        }
        guard !rows.isEmpty else { return [] }
        let header = ["CITY", "SENSOR", "PLACEMENT", "PM2.5", "NOWCAST", "VERDICT", "LAST VALID"]
        return ["", "Sensors:"] + TextTable(rightAligned: [3]).lines([header] + rows)
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

    func json() -> JSONOutput { document.value }

    /// `42s`, `5min`, `3h`, `2d` (`DurationText.age`).
    static func age(_ seconds: Double) -> String { DurationText.age(Duration(seconds: seconds)) }
}
