import BreezeAlerts
import BreezeModel
import BreezeSystem
import BreezeWeb

/// The journal records of the `[Sensor]`s: a sensor whose verdict changed, its `source-stale`
/// events, and what a city's reading record says of its sensors. Every one has
/// `BREEZE_CITY` and, about one sensor, `BREEZE_SENSOR`, so
/// `journalctl -u breezed BREEZE_SENSOR=backyard` finds them.
enum SensorRecords {
    /// `Paris: sensor backyard: invalid: channels A and B disagree: 40.0 and 12.0 µg/m³`
    /// (warning), or `… valid again` (notice): logged when the verdict changes, not every poll.
    static func verdictChanged(_ status: SensorStatus, city: City) -> LogRecord {
        let valid = status.invalidReason == nil
        let message = "\(city.name): \(status.label): " + (valid ? "valid again" : status.verdict)
        return DaemonRecords.record(
            valid ? .notice : .warning, .sensor, message,
            fields(status, city: city) + [("BREEZE_EVENT", DaemonEvent.sensor.rawValue)])
    }

    /// A `.source` event: stale (warning) or back (notice).
    static func alert(_ event: AlertEvent) -> LogRecord {
        let back = event.kind == .resolved
        var fields = DaemonRecords.cityFields(event.city) + [
            ("BREEZE_EVENT", (back ? DaemonEvent.sourceBack : .sourceStale).rawValue),
            ("BREEZE_SUBJECT", AlertSubject.source.rawValue), ("BREEZE_ALERT_ID", event.id),
        ]
        if let source = event.sourceStatus {
            fields += [("BREEZE_SENSOR", source.sensor), ("BREEZE_SENSOR_KIND", source.kind.rawValue)]
            if let reason = source.reason { fields.append(("BREEZE_ERROR", reason)) }
        }
        return DaemonRecords.record(back ? .notice : .warning, back ? .sourceBack : .sourceStale, event.message, fields)
    }

    /// What a reading record adds about the city's sensors: in the message,
    /// `; sensors: backyard 12.3 µg/m³ valid, NowCast AQI 52; porch invalid: …`, and a
    /// `BREEZE_SENSORS` field with the same text; every sensor from the first poll on, before
    /// its hours allow a NowCast.
    static func readingNote(_ ground: CityGround?) -> (note: String, fields: [(name: String, value: String)]) {
        guard let ground, !ground.sensors.isEmpty else { return ("", []) }
        let text = ground.sensors.map(summary).joined(separator: "; ")
        return ("; sensors: " + text, [("BREEZE_SENSORS", text)])
    }

    /// `backyard (outdoor) 12.3 µg/m³ valid, NowCast AQI 52`, `porch (indoor) invalid: no
    /// answer within 10s, hours so far too few, stale`: the page's words
    /// (`SensorPresentation`).
    static func summary(_ status: SensorStatus) -> String {
        var parts = ["\(status.name) (\(status.placement.rawValue))"]
        if status.pm2_5 != nil { parts[0] += " " + SensorPresentation.pm2_5(status) }
        parts[0] += " " + status.verdict
        if status.kind == .airNow, status.nowCastAQI != nil { parts.append(status.label) }
        parts.append(SensorPresentation.nowCast(status))
        if status.stale { parts.append("stale") }
        return parts.joined(separator: ", ")
    }

    static func fields(_ status: SensorStatus, city: City) -> [(name: String, value: String)] {
        var fields = DaemonRecords.cityFields(city) + [
            ("BREEZE_SENSOR", status.name), ("BREEZE_SENSOR_KIND", status.kind.rawValue),
            ("BREEZE_SENSOR_VERDICT", status.verdict),
        ]
        if let value = status.pm2_5 { fields.append(("BREEZE_SENSOR_PM25", String(value))) }
        return fields
    }
}
