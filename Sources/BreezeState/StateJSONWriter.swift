import BreezeAlerts
import BreezeJSON
import BreezeModel

/// Writes `DaemonState` as compact JSON, keys sorted, straight into `JSONWriter` without an
/// intermediate tree: the same document `JSONEncoder` (with `.sortedKeys`) writes, which
/// `JSONDecoder` reads back, at a fraction of the cost of going through `Encodable` for
/// thousands of cities every cycle. Members are written in sorted order by hand.
///
/// Every stored property is written; the tests check that the types have no others.
struct StateJSONWriter {
    typealias NonFiniteNumber = JSONWriter.NonFiniteNumber

    private var writer: JSONWriter

    static func encode(_ state: DaemonState) throws(NonFiniteNumber) -> [UInt8] {
        var encoder = StateJSONWriter(writer: JSONWriter(layout: .compact, capacity: 256 + state.cities.count * 600))
        try encoder.write(state)
        return encoder.writer.bytes
    }

    private mutating func write(_ state: DaemonState) throws(NonFiniteNumber) {
        writer.beginObject()
        writer.key("cities")
        writer.beginObject()
        for name in state.cities.keys.sorted(by: { JSONWriter.precedes($0, $1) }) {
            writer.key(name)
            try write(state.cities[name]!)
        }
        writer.endObject()
        do {
            writer.key("digestsSent")
            writer.beginObject()
            for name in state.digestsSent.keys.sorted(by: { JSONWriter.precedes($0, $1) }) {
                writer.key(name)
                writer.writeString(state.digestsSent[name]!)
            }
            writer.endObject()
        }
        try optional(state.lastCycleCompletedAt?.unixSeconds, "lastCycleCompletedAt")
        try optional(state.lastCycleStartedAt?.unixSeconds, "lastCycleStartedAt")
        try optional(state.pollInterval?.seconds, "pollIntervalSeconds")
        if let processID = state.processID { writer.key("processID"); writer.writeInteger(Int(processID)) }
        writer.key("version")
        writer.writeInteger(state.version)
        writer.endObject()
    }

    private mutating func write(_ record: CityRecord) throws(NonFiniteNumber) {
        writer.beginObject()
        writer.key("alert")
        try write(record.alert)
        if let alerting = record.alerting { writer.key("alerting"); try write(alerting) }
        if let band = record.band { writer.key("band"); writer.writeString(band.slug) }
        try optional(record.bandSince?.unixSeconds, "bandSince")
        writer.key("city")
        try write(record.city)
        if let forecast = record.forecast { writer.key("forecast"); write(forecast) }
        if let cell = record.gridCell {
            writer.key("gridCell")
            writer.beginObject()
            writer.key("latitude"); try writer.writeDouble(cell.latitude, key: "latitude")
            writer.key("longitude"); try writer.writeDouble(cell.longitude, key: "longitude")
            writer.endObject()
        }
        if let ground = record.ground { writer.key("ground"); try write(ground) }
        if let lastError = record.lastError { writer.key("lastError"); writer.writeString(lastError) }
        try optional(record.lastPollAt?.unixSeconds, "lastPollAt")
        if let reading = record.lastReading { writer.key("lastReading"); try write(reading) }
        try optional(record.lastSuccessfulPollAt?.unixSeconds, "lastSuccessfulPollAt")
        if let alert = record.pollenAlert { writer.key("pollenAlert"); try write(alert) }
        if let alert = record.sensitiveAlert { writer.key("sensitiveAlert"); try write(alert) }
        if !record.sourceAlerts.isEmpty {
            writer.key("sourceAlerts")
            writer.beginObject()
            for name in record.sourceAlerts.keys.sorted(by: { JSONWriter.precedes($0, $1) }) {
                writer.key(name)
                try write(record.sourceAlerts[name]!)
            }
            writer.endObject()
        }
        if let alert = record.uvAlert { writer.key("uvAlert"); try write(alert) }
        writer.endObject()
    }

    private mutating func write(_ forecast: CityForecastState) {
        writer.beginObject()
        writer.key("days")
        writer.beginArray()
        for day in forecast.days {
            writer.element()
            writer.beginObject()
            if let band = day.announcedBand { writer.key("announcedBand"); writer.writeString(band.slug) }
            writer.key("day"); writer.writeString(day.day)
            writer.key("events"); writer.writeInteger(day.events)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    private mutating func write(_ alert: CityAlertState) throws(NonFiniteNumber) {
        writer.beginObject()
        writer.key("breachStreak"); writer.writeInteger(alert.breachStreak)
        writer.key("clearStreak"); writer.writeInteger(alert.clearStreak)
        try optional(alert.episodeStartedAt?.unixSeconds, "episodeStartedAt")
        writer.key("escalationStreak"); writer.writeInteger(alert.escalationStreak)
        writer.key("eventsInEpisode"); writer.writeInteger(alert.eventsInEpisode)
        writer.key("firing"); writer.writeBool(alert.firing)
        if let band = alert.lastCalmBand { writer.key("lastCalmBand"); writer.writeString(band.slug) }
        try optional(alert.lastNotifiedAt?.unixSeconds, "lastNotifiedAt")
        writer.key("missingStreak"); writer.writeInteger(alert.missingStreak)
        if let band = alert.notifiedBand { writer.key("notifiedBand"); writer.writeString(band.slug) }
        if let level = alert.notifiedLevel { writer.key("notifiedLevel"); writer.writeInteger(level) }
        writer.endObject()
    }

    private mutating func write(_ city: City) throws(NonFiniteNumber) {
        writer.beginObject()
        if let admin1 = city.admin1 { writer.key("admin1"); writer.writeString(admin1) }
        if let country = city.country { writer.key("country"); writer.writeString(country) }
        writer.key("latitude"); try writer.writeDouble(city.latitude, key: "latitude")
        writer.key("longitude"); try writer.writeDouble(city.longitude, key: "longitude")
        writer.key("name"); writer.writeString(city.name)
        if let timeZone = city.timeZone { writer.key("timeZone"); writer.writeString(timeZone) }
        writer.endObject()
    }

    private mutating func write(_ alerting: AlertingAQI) throws(NonFiniteNumber) {
        writer.beginObject()
        if let aqi = alerting.aqi { writer.key("aqi"); writer.writeInteger(aqi) }
        try write(alerting.averages, as: "averages")
        if let dominant = alerting.dominantPollutant { writer.key("dominantPollutant"); writer.writeString(dominant.rawValue) }
        if let reason = alerting.fallbackReason { writer.key("fallbackReason"); writer.writeString(reason) }
        writer.key("leftOut")
        writer.beginArray()
        for reason in alerting.leftOut {
            writer.element()
            writer.writeString(reason)
        }
        writer.endArray()
        writer.key("mayUnderstate"); writer.writeBool(alerting.mayUnderstate)
        if let aqi = alerting.openMeteoAQI { writer.key("openMeteoAQI"); writer.writeInteger(aqi) }
        if let sensor = alerting.sensor {
            writer.key("sensor")
            writer.beginObject()
            writer.key("label"); writer.writeString(sensor.label)
            if let aqi = sensor.modelAQI { writer.key("modelAQI"); writer.writeInteger(aqi) }
            writer.key("modelSource"); writer.writeString(sensor.modelSource.rawValue)
            writer.endObject()
        }
        writer.key("source"); writer.writeString(alerting.source.rawValue)
        writer.endObject()
    }

    /// `{"sensors": [...]}`, each sensor's members in sorted order, the absent ones left out.
    private mutating func write(_ ground: CityGround) throws(NonFiniteNumber) {
        writer.beginObject()
        writer.key("sensors")
        writer.beginArray()
        for sensor in ground.sensors {
            writer.element()
            writer.beginObject()
            if let reason = sensor.invalidReason { writer.key("invalidReason"); writer.writeString(reason) }
            writer.key("kind"); writer.writeString(sensor.kind.rawValue)
            writer.key("label"); writer.writeString(sensor.label)
            try optional(sensor.lastValidAt?.unixSeconds, "lastValidAt")
            writer.key("name"); writer.writeString(sensor.name)
            if let aqi = sensor.nowCastAQI { writer.key("nowCastAQI"); writer.writeInteger(aqi) }
            writer.key("placement"); writer.writeString(sensor.placement.rawValue)
            try optional(sensor.pm2_5, "pm2_5")
            writer.key("stale"); writer.writeBool(sensor.stale)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    /// `key`: µg/m³ per pollutant, in the pollutants' order, the absent ones left out.
    private mutating func write(_ concentrations: [Pollutant: Double], as key: StaticString) throws(NonFiniteNumber) {
        writer.key(key)
        writer.beginObject()
        for (pollutant, name) in Self.pollutantsByName {
            guard let value = concentrations[pollutant] else { continue }
            writer.key(name)
            try writer.writeDouble(value, key: key)
        }
        writer.endObject()
    }

    private mutating func write(_ reading: Reading) throws(NonFiniteNumber) {
        writer.beginObject()
        try write(reading.concentrations, as: "concentrations")
        writer.key("subIndices")
        writer.beginObject()
        for (pollutant, key) in Self.pollutantsByName {
            guard let value = reading.subIndices[pollutant] else { continue }
            writer.key(key)
            writer.writeInteger(value)
        }
        writer.endObject()
        writer.key("time"); writer.writeString(reading.time.text)
        if let aqi = reading.usAQI { writer.key("usAQI"); writer.writeInteger(aqi) }
        writer.endObject()
    }

    private static let pollutantsByName = Pollutant.allCases.sorted { $0.rawValue < $1.rawValue }
        .map { ($0, JSONWriter.PreparedKey($0.rawValue)) }

    private mutating func optional(_ value: Double?, _ name: StaticString) throws(NonFiniteNumber) {
        guard let value else { return }
        writer.key(name)
        try writer.writeDouble(value, key: name)
    }
}
