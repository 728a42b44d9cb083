import BreezeAlerts
import BreezeModel
import BreezeSystem

/// Builds the daemon's journal records, with the same `BREEZE_*` fields everywhere, so
/// `journalctl -u breezed BREEZE_CITY=Paris` finds every record about Paris.
public enum DaemonRecords {
    /// A city's reading (info).
    public static func reading(
        _ reading: Reading, alerting: AlertingAQI? = nil, hourlyProblems: [String] = [], city: City,
        ground: CityGround? = nil
    ) -> LogRecord {
        let aqi = alerting?.aqi ?? (alerting == nil ? reading.usAQI : nil)
        let band = alerting.map(\.band) ?? reading.band
        // Without an AQI, every reason in one sentence: why NowCast fell back and that
        // Open-Meteo's value is missing too.
        let missing = alerting?.missingReason.map { "no AQI: \($0)" }
        let level = band.map { "AQI \(aqi!), \($0.label)" } ?? missing ?? "no AQI reported"
        var fields = cityFields(city) + [("BREEZE_EVENT", DaemonEvent.reading.rawValue)]
        fields += aqiFields(
            aqi: aqi, band: band, previous: nil, dominant: alerting?.dominantPollutant ?? reading.dominantPollutant)
        fields += pollutantFields(reading.concentrations)
        var note = ""
        if let alerting {
            fields += sourceFields(alerting)
            // AQISource=open-meteo reads as it always did; NowCast, a sensor and a fallback say so.
            let openMeteo = alerting.openMeteoAQI.map(String.init) ?? "none"
            switch alerting.source {
            case .nowcast: note = " (NowCast; Open-Meteo \(openMeteo))"
            case .sensor:
                let model = alerting.sensor.map { rating in
                    "model " + (rating.modelSource == .nowcast ? "NowCast " : "Open-Meteo ")
                        + (rating.modelAQI.map(String.init) ?? "none")
                } ?? "model none"
                note = " (NowCast of \(alerting.sensor?.label ?? "a sensor"); \(model); Open-Meteo \(openMeteo))"
            case .openMeteo:
                note = missing != nil ? "" : alerting.fallbackReason.map { " (Open-Meteo's us_aqi: \($0))" } ?? ""
            }
            // A pollutant without the hours EPA's rules need is left out of the maximum, and
            // the record says which and why, in the message and in a field of its own.
            let leftOut = alerting.leftOut.joined(separator: "; ")
            if !leftOut.isEmpty {
                fields.append(("BREEZE_LEFT_OUT", leftOut))
                note += " (left out: \(leftOut))"
            }
        }
        // A value dropped (wrong unit, not a number, off the AQI scale) says why, in the
        // message and in a field of its own.
        let dropped = reading.droppedValues.joined(separator: "; ")
        if !dropped.isEmpty { fields.append(("BREEZE_DROPPED", dropped)) }
        if !dropped.isEmpty { note += " (dropped: \(dropped))" }
        // The hourly series' faults, also when the current AQI did not need the hours at fault.
        let problems = hourlyProblems.joined(separator: "; ")
        if !problems.isEmpty {
            fields.append(("BREEZE_HOURLY_PROBLEMS", problems))
            note += " (hourly series: \(problems))"
        }
        let sensors = SensorRecords.readingNote(ground)
        fields += sensors.fields
        return record(.info, .reading, "\(city.name): \(level)\(note)\(sensors.note)", fields)
    }

    /// Where the alerting AQI came from, Open-Meteo's beside it, and the averages used.
    static func sourceFields(_ alerting: AlertingAQI) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = [("BREEZE_AQI_SOURCE", alerting.source.rawValue)]
        if let rating = alerting.sensor {
            fields.append(("BREEZE_SENSOR_SOURCE", rating.label))
            if let model = rating.modelAQI { fields.append(("BREEZE_MODEL_AQI", String(model))) }
        }
        if let value = alerting.openMeteoAQI, ReportedValue.aqiScale.contains(value) {
            fields.append(("BREEZE_OPEN_METEO_AQI", String(value)))
        }
        if let reason = alerting.fallbackReason { fields.append(("BREEZE_AQI_FALLBACK", reason)) }
        for pollutant in PollutantAverage.ratingOrder {
            if let value = alerting.averages[pollutant] { fields.append((pollutant.averageField, String(value))) }
        }
        return fields
    }

    /// An alert event: firing and escalated are warnings, resolved a notice, reminders info.
    public static func alert(_ event: AlertEvent) -> LogRecord {
        if event.about == .source { return SensorRecords.alert(event) }
        if event.about != .aqi { return ExposureRecords.alert(event) }
        let kind: DaemonEvent
        let priority: LogPriority
        switch event.kind {
        case .firing: (kind, priority) = (.firing, .warning)
        case .escalated: (kind, priority) = (.escalated, .warning)
        case .reminder: (kind, priority) = (.reminder, .info)
        case .resolved: (kind, priority) = (.resolved, .notice)
        case .test: (kind, priority) = (.delivered, .info)
        case .forecast: (kind, priority) = (.forecast, .warning)
        case .forecastCleared: (kind, priority) = (.forecastCleared, .notice)
        case .digest: (kind, priority) = (.digest, .info)
        }
        var fields = cityFields(event.city) + [("BREEZE_EVENT", kind.rawValue)]
        fields += aqiFields(
            aqi: event.aqi, band: event.band, previous: event.previousBand,
            dominant: event.dominantPollutant)
        fields += pollutantFields(event.concentrations)
        fields.append(("BREEZE_ALERT_ID", event.id))
        if let forecast = event.forecast {
            fields += [
                ("BREEZE_FORECAST_DAY", forecast.day),
                ("BREEZE_FORECAST_HOURS_ABOVE", String(forecast.hoursAboveThreshold)),
                ("BREEZE_FORECAST_THRESHOLD", String(forecast.threshold)),
            ]
        }
        // The SensitiveThreshold= machine's events are for Audience=sensitive receivers only.
        if let audience = event.audience { fields.append(("BREEZE_AUDIENCE", audience.rawValue)) }
        let note = event.audience == .sensitive ? " (the SensitiveThreshold= alert, for people at risk)" : ""
        return record(priority, kind, event.message + note, fields)
    }

    /// A firing city whose AQI this poll cannot be trusted to resolve it (`AlertingAQI.holdReason`):
    /// the alert neither resolves nor counts towards it this poll (warning).
    public static func held(city: City, reason: String) -> LogRecord {
        record(
            .warning, .held, "\(city.name): alert held (\(reason))",
            cityFields(city) + [("BREEZE_EVENT", DaemonEvent.held.rawValue), ("BREEZE_ERROR", reason)])
    }

    /// A city without data for several polls (warning).
    public static func stale(city: City, polls: Int) -> LogRecord {
        record(
            .warning, .stale, "\(city.name): no data for \(Counted.text(polls, "poll")) in a row",
            cityFields(city) + [("BREEZE_EVENT", DaemonEvent.stale.rawValue)])
    }

    /// A fetch that failed, for one city or (city nil) for a whole request (error).
    public static func fetchFailed(city: City?, error: String) -> LogRecord {
        let subject = city.map { "\($0.name): " } ?? ""
        var fields = city.map(cityFields) ?? []
        fields += [("BREEZE_EVENT", DaemonEvent.fetchFailed.rawValue), ("BREEZE_ERROR", error)]
        return record(.error, .fetchFailed, "\(subject)fetching air quality failed: \(error)", fields)
    }

    /// The daemon started (info).
    public static func started(version: String, cities: Int, configuration: String) -> LogRecord {
        record(
            .info, .started, "breezed \(version) started: \(Counted.text(cities, "city", "cities")) from \(configuration)",
            [("BREEZE_EVENT", DaemonEvent.started.rawValue)])
    }

    /// The configuration was reloaded (info).
    public static func reloaded(cities: Int) -> LogRecord {
        record(
            .info, .reloaded, "configuration reloaded: \(Counted.text(cities, "city", "cities"))",
            [("BREEZE_EVENT", DaemonEvent.reloaded.rawValue)])
    }

    /// A reload was refused; the running configuration stays (error).
    public static func reloadFailed(errors: [String]) -> LogRecord {
        record(
            .error, .reloadFailed,
            "configuration not reloaded, keeping the running one: " + errors.joined(separator: "; "),
            [("BREEZE_EVENT", DaemonEvent.reloadFailed.rawValue), ("BREEZE_ERROR", errors.joined(separator: "\n"))])
    }

    /// The daemon is stopping (info).
    public static func stopping(reason: String) -> LogRecord {
        record(.info, .stopping, "breezed stopping (\(reason))", [("BREEZE_EVENT", DaemonEvent.stopping.rawValue)])
    }

    static func record(
        _ priority: LogPriority, _ event: DaemonEvent, _ message: String,
        _ fields: [(name: String, value: String)]
    ) -> LogRecord {
        LogRecord(priority, message, messageID: event.messageID, fields: fields)
    }

    static func cityFields(_ city: City) -> [(name: String, value: String)] {
        [
            ("BREEZE_CITY", city.name), ("BREEZE_LATITUDE", String(city.latitude)),
            ("BREEZE_LONGITUDE", String(city.longitude)),
        ]
    }

    static func aqiFields(aqi: Int?, band: Band?, previous: Band?, dominant: Pollutant?)
        -> [(name: String, value: String)]
    {
        var fields: [(name: String, value: String)] = []
        // Only a value on the scale is an AQI; the record never shows BREEZE_AQI=-5.
        if let aqi, ReportedValue.aqiScale.contains(aqi) { fields.append(("BREEZE_AQI", String(aqi))) }
        if let band { fields.append(("BREEZE_BAND", band.slug)) }
        if let previous { fields.append(("BREEZE_PREVIOUS_BAND", previous.slug)) }
        if let dominant { fields.append(("BREEZE_DOMINANT_POLLUTANT", dominant.rawValue)) }
        return fields
    }

    static func pollutantFields(_ concentrations: [Pollutant: Double]) -> [(name: String, value: String)] {
        zip(Pollutant.allCases, pollutantFieldNames).compactMap { pollutant, name in
            concentrations[pollutant].map { (name, String($0)) }
        }
    }

    // Built once: upper-casing is Unicode work, and every reading of every city needs these.
    private static let pollutantFieldNames = Pollutant.allCases.map { "BREEZE_" + $0.rawValue.uppercased() }
}
