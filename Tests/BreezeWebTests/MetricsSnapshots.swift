import BreezeAlerts
import BreezeDelivery
import BreezeModel
import BreezeOutboxValues
import BreezeState
import BreezeVocabulary
import BreezeWeb

/// Snapshots the metrics tests render: two plain cities, and one of every hostile kind.
enum MetricsSnapshots {
    static let observed = Instant(unixSeconds: 1_764_600_000)

    /// A record with a reading of `usAQI` (alerting on `alertingAQI`), `concentrations`, and
    /// the alert firing or not.
    static func record(
        _ name: String, usAQI: Int?, alertingAQI: Int?, concentrations: [Pollutant: Double], firing: Bool = false
    ) -> CityRecord {
        var record = CityRecord(city: City(name: name, latitude: 48.85, longitude: 2.35))
        record.lastReading = Reading(time: ObservationTime(observed), usAQI: usAQI, concentrations: concentrations)
        record.alerting = AlertingAQI(
            source: .nowcast, aqi: alertingAQI, dominantPollutant: .pm2_5, openMeteoAQI: usAQI)
        record.band = alertingAQI.flatMap(Band.init(aqi:))
        record.lastPollAt = observed
        record.lastSuccessfulPollAt = observed
        record.alert.firing = firing
        return record
    }

    static func snapshot(_ records: [(String, CityRecord?)], counters: DaemonCounters = DaemonCounters(),
                         receivers: [String] = [], deliveries: OutboxSummary? = nil, version: String = "1.2.3") -> WebSnapshot {
        var state = DaemonState()
        for case (let name, let record?) in records { state.cities[name] = record }
        return WebSnapshot(
            takenAt: observed, version: version, pollInterval: .seconds(900), state: state,
            cities: records.map { WebCity(name: $0.0, slug: Slug.of($0.0), record: $0.1) },
            receivers: receivers, deliveries: deliveries, counters: counters)
    }

    /// Paris and Tokyo (東京), both with readings, Paris firing; counters of a few cycles.
    static var twoCities: WebSnapshot {
        var counters = DaemonCounters()
        counters.countCycle("ok", seconds: 0.2)
        counters.countCycle("partial", seconds: 3)
        counters.countRequests(["ok": 2, "timeout": 1])
        counters.countDelivery(receiver: "ops", "delivered")
        return snapshot(
            [
                ("Paris", record("Paris", usAQI: 162, alertingAQI: 171, concentrations: [.pm2_5: 88.5, .o3: 40], firing: true)),
                ("東京", record("東京", usAQI: 42, alertingAQI: 38, concentrations: [.pm2_5: 9.25, .no2: 12])),
            ], counters: counters, receivers: ["ops"])
    }

    /// Names with quotes, backslashes, newlines, tabs, a NUL, 200 characters; values 1e300,
    /// a NaN and infinities; a city never polled; a receiver named like an injection.
    static var hostile: WebSnapshot {
        let long = String(repeating: "é", count: 200)
        var counters = DaemonCounters()
        counters.countCycle("failed", seconds: .nan)
        counters.countCycle("ok", seconds: 1e300)
        counters.countCycle("ok", seconds: -1)
        counters.countDelivery(receiver: "ops\"} 1\nbreeze_fake 2", "dead", count: 3)
        let records: [(String, CityRecord?)] = [
            ("Quote\" Back\\slash", record("Quote\" Back\\slash", usAQI: 500, alertingAQI: 500, concentrations: [.pm2_5: 1e300, .co: .nan])),
            ("New\nline\r\t\u{0}end", record("New\nline\r\t\u{0}end", usAQI: 0, alertingAQI: 0, concentrations: [.pm10: .infinity, .so2: -.infinity])),
            (long, record(long, usAQI: nil, alertingAQI: nil, concentrations: [.o3: 1e-300])),
            ("Never polled", nil),
            ("}{=,\"\\\\\"", record("}{=,\"\\\\\"", usAQI: 301, alertingAQI: 301, concentrations: [:], firing: true)),
        ]
        return snapshot(records, counters: counters, receivers: ["ops\"} 1\nbreeze_fake 2", "東京 pager"], version: "1.0\"\n\\")
    }
}

extension MetricsSnapshots {
    /// Paris rated by a sensor beside the model, with sensors of every kind and hostile names
    /// and values: a quote and a newline in a name, PM2.5 of 1e300, none at all, stale.
    static var sensors: WebSnapshot {
        var paris = record("Paris", usAQI: 55, alertingAQI: 157, concentrations: [.pm2_5: 12])
        var alerting = AlertingAQI(source: .sensor, aqi: 157, dominantPollutant: .pm2_5, openMeteoAQI: 55)
        alerting.sensor = SensorRating(label: "sensor backyard", modelAQI: 60, modelSource: .nowcast)
        paris.alerting = alerting
        paris.ground = CityGround(sensors: [
            SensorStatus(name: "back\"yard\n", kind: .purpleAir, placement: .outdoor, label: "sensor back\"yard\n", pm2_5: 68.04, nowCastAQI: 157),
            SensorStatus(name: "東京 \\ kitchen", kind: .airGradient, placement: .indoor, label: "sensor 東京", pm2_5: 1e300),
            SensorStatus(name: "porch", kind: .sensorCommunity, placement: .outdoor, label: "sensor porch", invalidReason: "no answer", stale: true),
            SensorStatus(name: "official", kind: .airNow, placement: .outdoor, label: "AirNow Site", nowCastAQI: 88),
        ])
        return snapshot([("Paris", paris), ("Berlin", record("Berlin", usAQI: 40, alertingAQI: 40, concentrations: [:]))])
    }

    /// An outbox with `count` entries pending for each of `receivers`.
    static func outbox(_ receivers: [String: Int]) -> OutboxSummary {
        var scan = OutboxScan()
        var sequence: UInt64 = 0
        for (receiver, count) in receivers {
            for _ in 0..<count {
                sequence += 1
                let event = AlertEvent(
                    id: "paris-\(sequence)-firing", kind: .firing, city: City(name: "Paris", latitude: 48.85, longitude: 2.35),
                    aqi: 162, band: .unhealthy, previousBand: .moderate, dominantPollutant: .pm2_5, concentrations: [:],
                    pollutantsOverLimit: [], observedAt: "2026-08-20T14:00", createdAt: observed)
                scan.entries.append(OutboxEntry(event: event, receiver: receiver, sequence: sequence, createdAt: observed))
            }
        }
        return OutboxSummary(scan, now: observed)
    }
}
