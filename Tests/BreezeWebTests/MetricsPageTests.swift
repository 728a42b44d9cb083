import BreezeModel
import BreezeState
import BreezeVocabulary
import Testing

@testable import BreezeWeb

/// `/metrics` as text: the families, escaping, the histogram, missing data, hostile values.
@Suite struct MetricsPageTests {
    private func text(_ snapshot: WebSnapshot) -> String {
        String(decoding: MetricsPage.render(snapshot), as: UTF8.self)
    }

    private func lines(_ snapshot: WebSnapshot, _ name: String) -> [String] {
        text(snapshot).split(separator: "\n").map(String.init).filter { $0.hasPrefix(name + "{") || $0.hasPrefix(name + " ") }
    }

    @Test func theRouteServesTheTextFormat() {
        let page = WebRoutes.page(path: "/metrics", snapshot: MetricsSnapshots.twoCities)
        #expect(page.status == 200)
        #expect(page.contentType == "text/plain; version=0.0.4; charset=utf-8")
        #expect(page.body == MetricsPage.render(MetricsSnapshots.twoCities))
    }

    @Test func everyFamilyHasHelpAndTypeOnceBeforeItsSamples() {
        let body = text(MetricsSnapshots.twoCities)
        let families = [
            ("breeze_aqi", "gauge"), ("breeze_open_meteo_aqi", "gauge"),
            ("breeze_pollutant_concentration_grams_per_cubic_meter", "gauge"), ("breeze_alert_firing", "gauge"),
            ("breeze_band", "gauge"), ("breeze_last_successful_poll_timestamp_seconds", "gauge"),
            ("breeze_poll_cycles_total", "counter"), ("breeze_poll_cycle_duration_seconds", "histogram"),
            ("breeze_api_requests_total", "counter"), ("breeze_outbox_pending", "gauge"),
            ("breeze_deliveries_total", "counter"), ("breeze_build_info", "gauge"),
            ("breeze_model_aqi", "gauge"), ("breeze_sensor_pm25", "gauge"), ("breeze_sensor_valid", "gauge"),
            ("breeze_sensor_nowcast_aqi", "gauge"), ("breeze_sensor_stale", "gauge"), ("breeze_poll_locations", "gauge"),
        ]
        let all = body.split(separator: "\n").map(String.init)
        for (name, kind) in families {
            #expect(all.filter { $0 == "# TYPE \(name) \(kind)" }.count == 1, "\(name)")
            #expect(all.filter { $0.hasPrefix("# HELP \(name) ") }.count == 1, "\(name)")
        }
        #expect(all.filter { $0.hasPrefix("# TYPE") }.count == families.count)
        #expect(body.hasSuffix("breeze_build_info{version=\"1.2.3\"} 1\n"))
    }

    @Test func citySamplesCarryTheRecordsValues() {
        let snapshot = MetricsSnapshots.twoCities
        #expect(lines(snapshot, "breeze_aqi") == ["breeze_aqi{city=\"Paris\"} 171", "breeze_aqi{city=\"東京\"} 38"])
        #expect(lines(snapshot, "breeze_open_meteo_aqi") == ["breeze_open_meteo_aqi{city=\"Paris\"} 162", "breeze_open_meteo_aqi{city=\"東京\"} 42"])
        #expect(lines(snapshot, "breeze_pollutant_concentration_grams_per_cubic_meter") == [
            "breeze_pollutant_concentration_grams_per_cubic_meter{city=\"Paris\",pollutant=\"pm2_5\"} 88.5e-6",
            "breeze_pollutant_concentration_grams_per_cubic_meter{city=\"Paris\",pollutant=\"o3\"} 40e-6",
            "breeze_pollutant_concentration_grams_per_cubic_meter{city=\"東京\",pollutant=\"pm2_5\"} 9.25e-6",
            "breeze_pollutant_concentration_grams_per_cubic_meter{city=\"東京\",pollutant=\"no2\"} 12e-6",
        ])
        #expect(lines(snapshot, "breeze_alert_firing") == ["breeze_alert_firing{city=\"Paris\"} 1", "breeze_alert_firing{city=\"東京\"} 0"])
        #expect(lines(snapshot, "breeze_last_successful_poll_timestamp_seconds") == [
            "breeze_last_successful_poll_timestamp_seconds{city=\"Paris\"} 1764600000",
            "breeze_last_successful_poll_timestamp_seconds{city=\"東京\"} 1764600000",
        ])
    }

    @Test func aStateFromBeforeLastSuccessfulPollAtTakesTheLastPollWhenItGotData() {
        var good = MetricsSnapshots.record("Oslo", usAQI: 20, alertingAQI: 20, concentrations: [:])
        good.lastSuccessfulPollAt = nil
        good.lastPollAt = Instant(unixSeconds: 1_764_600_900)
        var failed = good
        failed.lastError = "Open-Meteo unreachable: timed out"
        #expect(lines(MetricsSnapshots.snapshot([("Oslo", good)]), "breeze_last_successful_poll_timestamp_seconds")
            == ["breeze_last_successful_poll_timestamp_seconds{city=\"Oslo\"} 1764600900"])
        #expect(lines(MetricsSnapshots.snapshot([("Oslo", failed)]), "breeze_last_successful_poll_timestamp_seconds").isEmpty)
    }

    @Test func everyBandIsThereOnceWithOneForTheCurrent() {
        let bands = lines(MetricsSnapshots.twoCities, "breeze_band")
        #expect(bands.count == 2 * Band.allCases.count)
        #expect(bands.filter { $0.hasSuffix(" 1") } == [
            "breeze_band{city=\"Paris\",band=\"unhealthy\"} 1", "breeze_band{city=\"東京\",band=\"good\"} 1",
        ])
        for band in Band.allCases {
            #expect(bands.contains("breeze_band{city=\"Paris\",band=\"\(band.slug)\"} \(band == .unhealthy ? 1 : 0)"))
        }
    }

    @Test func aCityWithoutAReadingHasNoValueSamplesButItsAlertState() {
        var unpolled = CityRecord(city: City(name: "Oslo", latitude: 59.9, longitude: 10.7))
        unpolled.lastError = "Open-Meteo unreachable"
        let snapshot = MetricsSnapshots.snapshot([("Oslo", unpolled), ("Nowhere", nil)])
        let body = text(snapshot)
        for name in ["breeze_aqi", "breeze_open_meteo_aqi", "breeze_band", "breeze_last_successful_poll_timestamp_seconds",
                     "breeze_pollutant_concentration_grams_per_cubic_meter"] {
            #expect(lines(snapshot, name).isEmpty, "\(name)")
        }
        #expect(!body.contains("city=\"Oslo\"} 0\nbreeze_aqi"))
        #expect(lines(snapshot, "breeze_alert_firing") == ["breeze_alert_firing{city=\"Oslo\"} 0", "breeze_alert_firing{city=\"Nowhere\"} 0"])
    }

    @Test func theHistogramIsCumulativeAndEndsInInfinityWithTheCount() {
        var counters = DaemonCounters()
        for seconds in [0.01, 0.2, 0.2, 4, 200, .nan] { counters.countCycle("ok", seconds: seconds) }
        let buckets = lines(MetricsSnapshots.snapshot([], counters: counters), "breeze_poll_cycle_duration_seconds_bucket")
        #expect(buckets == [
            "breeze_poll_cycle_duration_seconds_bucket{le=\"0.05\"} 1",
            "breeze_poll_cycle_duration_seconds_bucket{le=\"0.1\"} 1",
            "breeze_poll_cycle_duration_seconds_bucket{le=\"0.25\"} 3",
            "breeze_poll_cycle_duration_seconds_bucket{le=\"0.5\"} 3",
            "breeze_poll_cycle_duration_seconds_bucket{le=\"1\"} 3",
            "breeze_poll_cycle_duration_seconds_bucket{le=\"2.5\"} 3",
            "breeze_poll_cycle_duration_seconds_bucket{le=\"5\"} 4",
            "breeze_poll_cycle_duration_seconds_bucket{le=\"10\"} 4",
            "breeze_poll_cycle_duration_seconds_bucket{le=\"30\"} 4",
            "breeze_poll_cycle_duration_seconds_bucket{le=\"60\"} 4",
            "breeze_poll_cycle_duration_seconds_bucket{le=\"120\"} 4",
            "breeze_poll_cycle_duration_seconds_bucket{le=\"+Inf\"} 6",
        ])
        let snapshot = MetricsSnapshots.snapshot([], counters: counters)
        #expect(lines(snapshot, "breeze_poll_cycle_duration_seconds_sum") == ["breeze_poll_cycle_duration_seconds_sum 204.41"])
        #expect(lines(snapshot, "breeze_poll_cycle_duration_seconds_count") == ["breeze_poll_cycle_duration_seconds_count 6"])
        #expect(lines(snapshot, "breeze_poll_cycles_total") == [
            "breeze_poll_cycles_total{result=\"ok\"} 6", "breeze_poll_cycles_total{result=\"partial\"} 0",
            "breeze_poll_cycles_total{result=\"failed\"} 0",
        ])
    }

    @Test func countersStartAtZeroForEveryKnownResultAndReceiver() {
        let snapshot = MetricsSnapshots.twoCities
        #expect(lines(snapshot, "breeze_api_requests_total") == [
            "breeze_api_requests_total{result=\"ok\"} 2", "breeze_api_requests_total{result=\"http_error\"} 0",
            "breeze_api_requests_total{result=\"timeout\"} 1", "breeze_api_requests_total{result=\"transport_error\"} 0",
            "breeze_api_requests_total{result=\"bad_body\"} 0",
        ])
        #expect(lines(snapshot, "breeze_deliveries_total") == [
            "breeze_deliveries_total{receiver=\"ops\",result=\"delivered\"} 1",
            "breeze_deliveries_total{receiver=\"ops\",result=\"spooled\"} 0",
            "breeze_deliveries_total{receiver=\"ops\",result=\"failed\"} 0",
            "breeze_deliveries_total{receiver=\"ops\",result=\"dead\"} 0",
        ])
    }

    @Test func theOutboxCountsConfiguredReceiversAtZeroAndRemovedOnesWithEntries() {
        let unscanned = MetricsSnapshots.snapshot([], receivers: ["ops", "mail"])
        #expect(lines(unscanned, "breeze_outbox_pending").isEmpty)
        let scanned = MetricsSnapshots.snapshot(
            [], receivers: ["ops", "mail"], deliveries: MetricsSnapshots.outbox(["mail": 2, "gone": 1]))
        #expect(lines(scanned, "breeze_outbox_pending") == [
            "breeze_outbox_pending{receiver=\"ops\"} 0", "breeze_outbox_pending{receiver=\"mail\"} 2",
            "breeze_outbox_pending{receiver=\"gone\"} 1",
        ])
    }

    @Test func labelValuesAreEscapedAndHostileValuesWrittenAsTheFormatSays() {
        let snapshot = MetricsSnapshots.hostile
        let body = text(snapshot)
        #expect(body.contains("breeze_aqi{city=\"Quote\\\" Back\\\\slash\"} 500\n"))
        #expect(body.contains("breeze_aqi{city=\"New\\nline\r\t\u{0}end\"} 0\n"))
        #expect(body.contains("{city=\"Quote\\\" Back\\\\slash\",pollutant=\"pm2_5\"} 1e294\n"))
        #expect(body.contains("{city=\"Quote\\\" Back\\\\slash\",pollutant=\"co\"} NaN\n"))
        #expect(body.contains("pollutant=\"pm10\"} +Inf\n"))
        #expect(body.contains("pollutant=\"so2\"} -Inf\n"))
        #expect(body.contains("pollutant=\"o3\"} 1e-306\n"))
        #expect(body.contains("breeze_alert_firing{city=\"}{=,\\\"\\\\\\\\\\\"\"} 1\n"))
        #expect(body.contains("breeze_deliveries_total{receiver=\"ops\\\"} 1\\nbreeze_fake 2\",result=\"dead\"} 3\n"))
        #expect(body.contains("breeze_build_info{version=\"1.0\\\"\\n\\\\\"} 1\n"))
        // Each line is a comment or one sample: no name broke out onto a line of its own.
        for line in body.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            #expect(line.hasPrefix("# HELP breeze_") || line.hasPrefix("# TYPE breeze_") || line.hasPrefix("breeze_"), "\(line)")
        }
        #expect(body.components(separatedBy: "\nbreeze_fake").count == 1)
        // The never-polled city and the 200-character one without an AQI.
        #expect(!body.contains("breeze_aqi{city=\"Never polled\""))
        #expect(body.contains("breeze_alert_firing{city=\"Never polled\"} 0\n"))
        #expect(!body.contains("breeze_aqi{city=\"\(String(repeating: "é", count: 200))\""))
        #expect(body.contains("breeze_pollutant_concentration_grams_per_cubic_meter{city=\"\(String(repeating: "é", count: 200))\",pollutant=\"o3\"}"))
    }

    @Test func concentrationsMoveTheirDecimalExponentNotDivide() {
        let samples: [(Double, String)] = [
            (19.4, "19.4e-6"), (76.5, "76.5e-6"), (250, "250e-6"), (0, "0"), (-12.5, "-12.5e-6"), (1e300, "1e294"),
            (1.5e-7, "1.5e-13"), (1e17, "1e11"), (.nan, "NaN"), (.infinity, "+Inf"), (-.infinity, "-Inf"),
        ]
        for (value, written) in samples {
            #expect(MetricsText.millionths(value) == written, "\(value)")
            // What it reads back as is value / 10⁶ within the quotient's own rounding.
            if value.isFinite { #expect(abs(Double(written)! - value / 1e6) <= (value / 1e6).ulp, "\(value)") }
        }
        // The quotient itself is a digit off: the reason for moving the exponent.
        #expect((19.4 / 1e6).description == "1.9399999999999997e-05")
        #expect(Double(MetricsText.millionths(19.4))!.description == "1.94e-05")
    }

    @Test func numbersAreWrittenAsGoReadsThem() {
        let samples: [(Double, String)] = [
            (1, "1"), (0.05, "0.05"), (-0, "0"), (1764600000.25, "1764600000.25"), (1e17, "1e+17"), (123456789012345680, "1.2345678901234568e+17"), (1e300, "1e+300"),
            (.nan, "NaN"), (.infinity, "+Inf"), (-.infinity, "-Inf"), (-12.5, "-12.5"), (.leastNonzeroMagnitude, "5e-324"),
        ]
        for (value, written) in samples {
            #expect(MetricsText.number(value) == written, "\(value)")
            // Go's ParseFloat, which Prometheus uses, reads Swift's shortest form back exactly.
            if value.isFinite { #expect(Double(written) == value) }
        }
    }
}
