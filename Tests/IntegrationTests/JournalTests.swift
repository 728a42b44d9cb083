import Foundation
import Testing

/// `breezed` writing to a real journald (private, inside `unshare -m`): the records carry
/// the documented fields, so `journalctl -u breezed BREEZE_CITY=Paris` works.
struct JournalTests {
    static var canRunPrivateJournald: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/lib/systemd/systemd-journald")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
    }

    @Test(.enabled(if: canRunPrivateJournald, "needs root, unshare and systemd-journald"))
    func readingsAndAlertsReachTheJournalWithTheirFields() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.configuration(
            // The readings set only `current`: the values pinned are Open-Meteo's `us_aqi`.
            cities: [("Paris", 48.8566, 2.3522)], extra: "StateDirectory=\(state)\n[Alert]\nConfirmAfter=1\nAQISource=open-meteo\n")
        try server.control(
            "readings",
            #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":162,"pm2_5":76.5,"us_aqi_pm2_5":162}}]}"#)
        let (result, journal) = try PrivateJournal.run([Binaries.breezed.path, "--config", path, "--once", "--log", "journal"])
        #expect(result.status == 0, "\(result.standardError)")
        let records = PrivateJournal.breezedRecords(journal)

        let reading = try #require(records.first { $0["BREEZE_EVENT"] as? String == "reading" })
        #expect(reading["MESSAGE"] as? String == "Paris: AQI 162, Unhealthy")
        #expect(reading["PRIORITY"] as? String == "6")
        #expect(reading["MESSAGE_ID"] as? String == "ec45ccacc2174107bc714d5c2cceb8a2")
        #expect(reading["BREEZE_CITY"] as? String == "Paris")
        #expect(reading["BREEZE_LATITUDE"] as? String == "48.8566")
        #expect(reading["BREEZE_AQI"] as? String == "162")
        #expect(reading["BREEZE_BAND"] as? String == "unhealthy")
        #expect(reading["BREEZE_DOMINANT_POLLUTANT"] as? String == "pm2_5")
        #expect(reading["BREEZE_PM2_5"] as? String == "76.5")

        let firing = try #require(records.first { $0["BREEZE_EVENT"] as? String == "firing" })
        #expect(firing["PRIORITY"] as? String == "4")
        #expect(firing["MESSAGE_ID"] as? String == "1ff073dcdb27429db5ecec8b0fc99b1d")
        #expect((firing["MESSAGE"] as? String)?.hasPrefix("Air quality in Paris: AQI 162, Unhealthy") == true)
        #expect((firing["BREEZE_ALERT_ID"] as? String)?.hasPrefix("paris-") == true)
    }
}
