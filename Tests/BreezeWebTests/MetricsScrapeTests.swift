import BreezeTestSupport
import BreezeWeb
import Foundation
import Testing

/// A real Prometheus (Debian `prometheus`) scrapes what `/metrics` renders for the hostile
/// snapshot, served as breezed serves it, and its HTTP API gives back every name exactly:
/// the escaping holds in Prometheus's own parser, not only in promtool's.
@Suite(.serialized) struct MetricsScrapeTests {
    /// Serves the file at `path` as `/metrics` with the text format's content type.
    static func server(serving path: String) throws -> PythonServer {
        try PythonServer(source: #"""
            import os, sys, threading
            from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

            class Handler(BaseHTTPRequestHandler):
                def log_message(self, *args):
                    pass
                def do_GET(self):
                    if self.path != "/metrics":
                        self.send_error(404)
                        return
                    with open(\#(String(reflecting: path)), "rb") as f:
                        body = f.read()
                    self.send_response(200)
                    self.send_header("Content-Type", "\#(MetricsPage.contentType)")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)

            server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
            server.daemon_threads = True
            print("PORT %d" % server.server_address[1], flush=True)
            def watch_stdin():
                sys.stdin.read()
                os._exit(0)
            threading.Thread(target=watch_stdin, daemon=True).start()
            server.serve_forever()
            """#)
    }

    @Test func prometheusReadsBackEveryHostileNameAndValue() throws {
        let snapshot = MetricsSnapshots.hostile
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-metrics-\(UUID().uuidString)")
        try Data(MetricsPage.render(snapshot)).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try Self.server(serving: file.path)
        defer { server.stop() }
        let prometheus = try PrometheusProcess(target: "127.0.0.1:\(server.port)")
        defer { prometheus.stop() }

        let aqi = try prometheus.waitFor("breeze_aqi")
        let target = try prometheus.target()
        #expect(target.health == "up", "\(target.lastError)")
        let byCity = Dictionary(aqi.map { ($0.labels["city"] ?? "", $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(byCity == ["Quote\" Back\\slash": "500", "New\nline\r\t\u{0}end": "0", "}{=,\"\\\\\"": "301"])
        #expect(aqi.allSatisfy { $0.labels["job"] == "breeze" && $0.labels["__name__"] == "breeze_aqi" })

        let concentrations = try prometheus.query(MetricsPage.concentrationName)
        let values = Set(concentrations.map { "\($0.labels["city"]!.prefix(5))/\($0.labels["pollutant"]!)=\($0.value)" })
        #expect(values == [
            "Quote/pm2_5=1e+294", "Quote/co=NaN", "New\nl/pm10=+Inf", "New\nl/so2=-Inf", "ééééé/o3=1e-306",
        ])
        let long = try #require(concentrations.first { $0.labels["pollutant"] == "o3" })
        #expect(long.labels["city"] == String(repeating: "é", count: 200))

        let firing = try prometheus.query("breeze_alert_firing == 1")
        #expect(firing.map { $0.labels["city"] } == ["}{=,\"\\\\\""])
        let dead = try prometheus.query("breeze_deliveries_total{result=\"dead\"} > 0")
        #expect(dead.map { $0.labels["receiver"] } == ["ops\"} 1\nbreeze_fake 2"])
        #expect(try prometheus.query("breeze_fake").isEmpty)
        #expect(try prometheus.query("breeze_build_info").map { $0.labels["version"] } == ["1.0\"\n\\"])
        // One histogram: all three hostile durations fell in +Inf, so its median is the
        // highest finite bound, as Prometheus answers for the last bucket.
        let quantile = try prometheus.query("histogram_quantile(0.5, breeze_poll_cycle_duration_seconds_bucket)")
        #expect(quantile.map(\.value) == ["120"])
    }
}
