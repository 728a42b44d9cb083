import BreezeTestSupport
import Foundation
import Testing

/// `/metrics` of the real breezed polling the Open-Meteo fixture server: a real Prometheus
/// scrapes it and gives `breeze_aqi{city="Paris"}` back through its API; the values equal the
/// journal's record of the same cycle.
@Suite(.serialized)
struct MetricsDaemonTests {
    static let readings = #"""
        {"locations":[
          {"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":162,"pm2_5":76.5,"pm10":40.25,"nitrogen_dioxide":12,"us_aqi_pm2_5":162}},
          {"latitude":35.6762,"longitude":139.6503,"current":{"us_aqi":42,"pm2_5":9.75,"ozone":61.5,"us_aqi_pm2_5":42}}
        ]}
        """#
    static let cities = [("Paris", 48.8566, 2.3522), ("東京", 35.6762, 139.6503)]

    /// The samples of `text` by series (`name{labels}`), as strings.
    static func samples(_ text: String) -> [String: String] {
        var samples: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            samples[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        return samples
    }

    func configuration(_ server: OpenMeteoServer, port: Int, state: String) throws -> String {
        try server.configuration(
            cities: Self.cities,
            extra: "PollInterval=15min\nJitter=0\nStateDirectory=\(state)\nControlSocket=\(state)/control\n"
                + "[Web]\nListen=127.0.0.1:\(port)\n[Alert]\nConfirmAfter=1\nAQISource=open-meteo\n")
    }

    @Test func aRealPrometheusScrapesBreezedAndReadsTheAQIBack() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        try server.control("readings", Self.readings)
        let port = try WebListenerDaemonTests.freePort()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-metrics-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let daemon = try DaemonProcess(
            arguments: ["--config", try configuration(server, port: port, state: state), "--log", "stderr"], environment: [:])
        #expect(daemon.waitForLog("web: listening on 127.0.0.1:\(port)"), "\(daemon.log)")
        let prometheus = try PrometheusProcess(target: "127.0.0.1:\(port)")
        defer { prometheus.stop() }

        let paris = try prometheus.waitFor("breeze_aqi{city=\"Paris\"}")
        #expect(paris.map(\.value) == ["162"], "\(prometheus.log) \(daemon.log)")
        #expect(paris.first?.labels["job"] == "breeze")
        let target = try prometheus.target()
        #expect(target.health == "up", "\(target.lastError)")
        #expect(try prometheus.query("breeze_aqi{city=\"東京\"}").map(\.value) == ["42"])
        #expect(try prometheus.query("breeze_band{band=\"unhealthy\"} == 1").map { $0.labels["city"] } == ["Paris"])
        #expect(try prometheus.query("breeze_alert_firing == 1").map { $0.labels["city"] } == ["Paris"])
        let pm = try prometheus.query("breeze_pollutant_concentration_grams_per_cubic_meter{city=\"Paris\",pollutant=\"pm2_5\"} * 1e6")
        #expect(pm.compactMap { Double($0.value) }.map { ($0 * 1000).rounded() / 1000 } == [76.5])
        #expect(try prometheus.query("breeze_poll_cycles_total{result=\"ok\"}").map(\.value) == ["1"])
        // One poll, and a question each for when CAMS global and CAMS Europe (Paris) last ran.
        let meta = try server.requests(to: "/data/cams_global/static/meta.json").count
            + server.requests(to: "/data/cams_europe/static/meta.json").count
        #expect(meta == 2)
        #expect(try prometheus.query("breeze_api_requests_total{result=\"ok\"}").map(\.value) == ["\(1 + meta)"])
        #expect(try prometheus.query("breeze_poll_cycle_duration_seconds_count").map(\.value) == ["1"])
        #expect(try prometheus.query("breeze_build_info").count == 1)
        // promtool on what breezed itself serves, not only on rendered snapshots.
        let served = try Processes.curl("http://127.0.0.1:\(port)/metrics")
        let lint = try Processes.run(URL(fileURLWithPath: "/usr/bin/promtool"), ["check", "metrics"], input: served)
        #expect(lint.status == 0 && lint.standardOutput.isEmpty && lint.standardError.isEmpty, "\(lint.standardError)")

        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    @Test(.enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"))
    func theValuesEqualTheJournalsForTheSameCycle() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        try server.control("readings", Self.readings)
        let port = try WebListenerDaemonTests.freePort()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-metrics-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try configuration(server, port: port, state: folder + "/state")
        let scraped = folder + "/metrics.txt"
        // breezed under the private journald; the scrape once the first cycle's readings are
        // served (bounded: 30 s), then the ordered stop. One cycle: PollInterval=15min.
        let script = """
            \(Binaries.breezed.path) --config '\(path)' --log journal &
            daemon=$!
            for _ in $(seq 300); do
                if curl -sf http://127.0.0.1:\(port)/metrics -o '\(scraped)' && grep -q '^breeze_aqi{city="東京"}' '\(scraped)'; then break; fi
                sleep 0.1
            done
            kill -TERM "$daemon"
            wait "$daemon"
            """
        let (result, journal) = try PrivateJournal.run(["/bin/bash", "-c", script])
        #expect(result.status == 0, "\(result.standardError)")
        let metrics = Self.samples(try String(contentsOfFile: scraped, encoding: .utf8))
        let readings = PrivateJournal.breezedRecords(journal).filter { $0["BREEZE_EVENT"] as? String == "reading" }
        #expect(readings.count == 2)
        for record in readings {
            let city = try #require(record["BREEZE_CITY"] as? String)
            let label = "city=\"\(city)\""
            #expect(metrics["breeze_aqi{\(label)}"] == record["BREEZE_AQI"] as? String, "\(city)")
            #expect(metrics["breeze_open_meteo_aqi{\(label)}"] == record["BREEZE_OPEN_METEO_AQI"] as? String, "\(city)")
            let band = try #require(record["BREEZE_BAND"] as? String)
            #expect(metrics["breeze_band{\(label),band=\"\(band)\"}"] == "1", "\(city)")
            for pollutant in ["pm2_5", "pm10", "no2", "so2", "o3", "co"] {
                let field = record["BREEZE_\(pollutant.uppercased())"] as? String
                let sample = metrics["breeze_pollutant_concentration_grams_per_cubic_meter{\(label),pollutant=\"\(pollutant)\"}"]
                // Both absent, or the same µg/m³ (the metric is in g/m³).
                #expect((field == nil) == (sample == nil), "\(city) \(pollutant)")
                if let field, let sample { #expect(abs(Double(sample)! * 1e6 - Double(field)!) < 1e-9, "\(city) \(pollutant)") }
            }
        }
        let paris = try #require(readings.first { $0["BREEZE_CITY"] as? String == "Paris" })
        #expect(paris["BREEZE_AQI"] as? String == "162")
        #expect(metrics["breeze_alert_firing{city=\"Paris\"}"] == "1")
        #expect(metrics["breeze_alert_firing{city=\"東京\"}"] == "0")
        #expect(metrics["breeze_poll_cycles_total{result=\"ok\"}"] == "1")
    }
}
