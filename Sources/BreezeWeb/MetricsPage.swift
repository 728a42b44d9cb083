import BreezeModel
import BreezeState
import BreezeVocabulary

/// `/metrics`: the snapshot in Prometheus's text format, by its naming conventions — the
/// `breeze_` prefix, base units in the names, `_total` on counters, no timestamps on samples
/// (the `_timestamp_seconds` gauges say when instead). A city without a reading has no AQI,
/// band or concentration sample: missing data is never exposed as 0.
public enum MetricsPage {
    /// The content type of the text format.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The page for `snapshot`.
    public static func page(_ snapshot: WebSnapshot) -> WebResponse {
        WebResponse(status: 200, contentType: contentType, body: render(snapshot))
    }

    /// The concentrations' family. In grams, Prometheus's base unit of mass, not the µg/m³
    /// the readings carry: `promtool check metrics` refuses a `micrograms` name ("use base
    /// unit grams").
    public static let concentrationName = "breeze_pollutant_concentration_grams_per_cubic_meter"

    /// The exposition of `snapshot`.
    public static func render(_ snapshot: WebSnapshot) -> [UInt8] {
        // About 1.3 KB per city with every value present (18 series).
        var text = MetricsText(capacity: 4096 + snapshot.cities.count * 1400)
        let cities = snapshot.cities.map { city in
            MetricsCity(
                name: city.name, label: MetricLabels(("city", city.name)), record: city.record ?? snapshot.state.cities[city.name])
        }
        writeCities(cities, into: &text)
        writeSensors(cities, into: &text)
        writeCounters(snapshot, into: &text)
        text.family("breeze_poll_locations", .gauge, help: "Locations each poll asks Open-Meteo for: one per model grid cell the cities share, one per city whose cell is not known yet.")
        text.sample("breeze_poll_locations", integer: GridCellSharing.locations(cities.map { $0.record?.gridCell }))
        writeDeliveries(snapshot, into: &text)
        text.family("breeze_build_info", .gauge, help: "Always 1: the running breezed's version in the label.")
        text.sample("breeze_build_info", MetricLabels(("version", snapshot.version)), integer: 1)
        return text.bytes
    }

    private static func writeCities(_ cities: [MetricsCity], into text: inout MetricsText) {
        text.family("breeze_aqi", .gauge, help: "The US AQI the city's alerts act on (its AQISource=), from the last reading with data.")
        for city in cities {
            guard let aqi = city.record?.shownAQI.aqi else { continue }
            text.sample("breeze_aqi", city.label, integer: aqi)
        }
        text.family("breeze_open_meteo_aqi", .gauge, help: "Open-Meteo's own us_aqi in the last reading with data.")
        for city in cities {
            guard let aqi = city.record?.lastReading?.usAQI else { continue }
            text.sample("breeze_open_meteo_aqi", city.label, integer: aqi)
        }
        let concentration = concentrationName
        text.family(concentration, .gauge, help: "Each pollutant's concentration in the last reading with data, in g/m³ (× 1e6 for µg/m³).")
        for city in cities {
            guard let reading = city.record?.lastReading else { continue }
            for pollutant in Pollutant.allCases {
                guard let value = reading.concentrations[pollutant] else { continue }
                text.sample(concentration, city.label, pollutantLabels[pollutant]!,
                    written: MetricsText.millionths(value))
            }
        }
        text.family("breeze_alert_firing", .gauge, help: "1 while the city's alert is firing, else 0.")
        for city in cities {
            text.sample("breeze_alert_firing", city.label, integer: city.record?.alert.firing == true ? 1 : 0)
        }
        text.family("breeze_band", .gauge, help: "1 for the band of the city's alerting AQI, 0 for every other band.")
        for city in cities {
            guard let current = city.record?.band else { continue }
            for band in Band.allCases {
                text.sample("breeze_band", city.label, bandLabels[band.rawValue], integer: band == current ? 1 : 0)
            }
        }
        let lastPoll = "breeze_last_successful_poll_timestamp_seconds"
        text.family(lastPoll, .gauge, help: "When the city's last poll that got data started, in seconds since the Unix epoch.")
        for city in cities {
            guard let record = city.record else { continue }
            // A state from before `lastSuccessfulPollAt` was kept: a last poll without an
            // error got data.
            guard let time = record.lastSuccessfulPollAt ?? (record.lastError == nil ? record.lastPollAt : nil) else { continue }
            text.sample(lastPoll, city.label, float: time.unixSeconds)
        }
    }

    private static func writeCounters(_ snapshot: WebSnapshot, into text: inout MetricsText) {
        let counters = snapshot.counters
        text.family("breeze_poll_cycles_total", .counter, help: "Poll cycles since breezed started, by result: ok (every city got data), partial, failed (none did).")
        for result in labels(DaemonCounters.pollCycleResults, counters.pollCycles) {
            text.sample("breeze_poll_cycles_total", MetricLabels(("result", result)), integer: counters.pollCycles[result] ?? 0)
        }
        writeHistogram(counters.cycleDurations, into: &text)
        text.family("breeze_api_requests_total", .counter, help: "Requests to Open-Meteo since breezed started (the polls and the model-run questions), every retry included, by result.")
        for result in labels(DaemonCounters.apiRequestResults, counters.apiRequests) {
            text.sample("breeze_api_requests_total", MetricLabels(("result", result)), integer: counters.apiRequests[result] ?? 0)
        }
    }

    private static func writeHistogram(_ histogram: DurationHistogram, into text: inout MetricsText) {
        let name = "breeze_poll_cycle_duration_seconds"
        text.family(name, .histogram, help: "How long completed poll cycles took, by the monotonic clock.")
        var cumulative = 0
        for (index, bound) in DurationHistogram.bounds.enumerated() {
            cumulative += histogram.counts[index]
            text.sample(name + "_bucket", MetricLabels(("le", MetricsText.number(bound))), integer: cumulative)
        }
        text.sample(name + "_bucket", MetricLabels(("le", "+Inf")), integer: histogram.count)
        text.sample(name + "_sum", float: histogram.sum)
        text.sample(name + "_count", integer: histogram.count)
    }

    private static func writeDeliveries(_ snapshot: WebSnapshot, into text: inout MetricsText) {
        var pending: [String: Int] = [:]
        for receiver in snapshot.deliveries?.receivers ?? [] { pending[receiver.name] = receiver.pending }
        // The configured receivers first, in file order; then any a reload removed that still
        // have entries waiting or counted deliveries.
        var receivers = snapshot.receivers
        var known = Set(receivers)
        for name in pending.keys.sorted() + snapshot.counters.deliveries.keys.sorted() where known.insert(name).inserted {
            receivers.append(name)
        }
        let receiverLabels = receivers.map { MetricLabels(("receiver", $0)) }
        text.family("breeze_outbox_pending", .gauge, help: "Alert deliveries waiting in the outbox, by receiver.")
        if snapshot.deliveries != nil {
            for (index, name) in receivers.enumerated() {
                text.sample("breeze_outbox_pending", receiverLabels[index], integer: pending[name] ?? 0)
            }
        }
        let deliveries = "breeze_deliveries_total"
        text.family(deliveries, .counter, help: "Delivery attempts since breezed started, by receiver and result: delivered, spooled (in a Maildir, sent nowhere), failed (will retry), dead (given up).")
        for (index, name) in receivers.enumerated() {
            let counts = snapshot.counters.deliveries[name] ?? [:]
            for result in labels(DaemonCounters.deliveryResults, counts) {
                text.sample(deliveries, receiverLabels[index], MetricLabels(("result", result)), integer: counts[result] ?? 0)
            }
        }
    }

    /// `known` in order, then any other key of `counts` sorted: known results are always
    /// there (0 before the first), so `rate()` sees them start.
    private static func labels(_ known: [String], _ counts: [String: Int]) -> [String] {
        known + counts.keys.filter { !known.contains($0) }.sorted()
    }

    private static let pollutantLabels = Dictionary(
        uniqueKeysWithValues: Pollutant.allCases.map { ($0, MetricLabels(("pollutant", $0.rawValue))) })
    private static let bandLabels = Band.allCases.map { MetricLabels(("band", $0.slug)) }
}

/// One city as the metrics read it: its name, its `city` label and its record.
struct MetricsCity {
    let name: String
    let label: MetricLabels
    let record: CityRecord?
}
