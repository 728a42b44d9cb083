import BreezeTestSupport
import Foundation
import Testing

/// The real breezed serving `/` and `/city/<slug>` over `[Web] Listen=` after a poll of the
/// fixture server: each card shows the AQI and band `breezectl status --json` reports, a
/// name with markup in it is text, a city's page is where its card links, and an unknown
/// city is a 404 linking home. (The pages in a browser: scripts/lib/test-dashboard-browser.)
@Suite(.serialized)
struct DashboardDaemonTests {
    static let hostileName = "Nice <b>&amp;'"

    /// The status and body curl gets for `url` (at most 5 s).
    static func get(_ url: String, method: String = "GET") throws -> (status: String, body: String) {
        let result = try Processes.run(
            URL(fileURLWithPath: "/usr/bin/curl"),
            ["-s", "--max-time", "5", "-w", "\n%{http_code} %{content_type}"] + (method == "HEAD" ? ["-I"] : []) + [url])
        let output = result.standardOutput
        let split = output.range(of: "\n", options: .backwards).map { output.index(after: $0.lowerBound) } ?? output.startIndex
        return (String(output[split...]), String(output[..<split]))
    }

    @Test func theDashboardShowsWhatTheStatusReports() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        try server.control(
            "readings", #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":170,"pm2_5":93}}]}"#)
        let port = try WebListenerDaemonTests.freePort()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-dash-\(UUID().uuidString)").path
        let path = try server.configuration(
            cities: [("Paris", 48.8566, 2.3522), (Self.hostileName, 43.7, 7.27)],
            extra: "PollInterval=15min\nJitter=0\nStateDirectory=\(state)\nControlSocket=\(state)/control\n"
                + "[Alert]\nAQISource=open-meteo\n[Web]\nListen=127.0.0.1:\(port)\n")
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        defer {
            daemon.signal(SIGTERM)
            _ = daemon.waitForExit()
        }
        #expect(daemon.waitForLog("BREEZE_EVENT=reading"), "\(daemon.log)")
        #expect(daemon.waitForLog("web: listening on 127.0.0.1:\(port)"))
        let base = "http://127.0.0.1:\(port)"
        // The snapshot is published at the cycle's end: wait for it (bounded), not for a time.
        let page = try eventuallyFound(every: 0.2) { () -> (status: String, body: String)? in
            let page = try Self.get(base + "/")
            return page.body.components(separatedBy: "data-aqi=").count >= 3 ? page : nil
        } ?? Self.get(base + "/")
        #expect(page.status == "200 text/html; charset=utf-8")

        let status = try Binaries.run(Binaries.breezectl, ["status", "--config", path, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let cities = try #require(document["cities"] as? [[String: Any]])
        #expect(cities.count == 2)
        #expect(cities.first?["aqi"] as? Int == 170)
        for city in cities {
            let aqi = try #require(city["aqi"] as? Int)
            let band = try #require(city["band"] as? String)
            #expect(page.body.contains("data-aqi=\"\(aqi)\" data-band=\"\(band)\""), "\(city)")
            #expect(page.body.contains("<span class=\"aqi\">\(aqi)</span>"))
        }
        #expect(page.body.contains("data-city=\"Nice &lt;b&gt;&amp;amp;&#39;\""))
        #expect(!page.body.contains("<b>"))
        #expect(page.body.contains("Unhealthy"))

        // The card links to the name's own address; the slug resolves too.
        let link = try #require(page.body.firstMatch(of: /<h2><a href="(\/city\/Paris)"><bdi>Paris<\/bdi><\/a>/)?.1)
        #expect(page.body.contains("href=\"/city/Nice%20%3Cb%3E%26amp%3B%27\""))
        let cityPage = try Self.get(base + String(link))
        #expect(cityPage.status == "200 text/html; charset=utf-8")
        #expect(cityPage.body.contains("Last 48 hours"))
        #expect(cityPage.body.contains("data-aqi=\"170\" data-band=\"unhealthy\""))
        #expect(try Self.get(base + "/", method: "HEAD").status.hasPrefix("200"))

        #expect(try Self.get(base + "/city/paris-cbb57d0e13c03ee0").body.contains("data-aqi=\"170\" data-band=\"unhealthy\""))
        #expect(try Self.get(base + "/city/%E6%9D%B1").status.hasPrefix("404"))
        #expect(try Self.get(base + "/city/%ZZ").status.hasPrefix("404"))

        let missing = try Self.get(base + "/city/nowhere")
        #expect(missing.status == "404 text/html; charset=utf-8")
        #expect(missing.body.contains("<a href=\"/\">"))
    }
}
