import Foundation
import Testing

/// `breezed --log journal` under a private journald with a city named with an ESC and a server
/// sending `us_aqi: 1e19`: the MESSAGE is escaped and says why there is no AQI, the fields keep
/// the exact bytes, and no BREEZE_AQI is written (issue 11).
struct JournalHostileValueTests {
    @Test(.enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"))
    func theMessageIsEscapedAndSaysWhyTheValueWasDropped() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let name = "Pa\u{1B}[2Jris"
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.configuration(cities: [(name, 48.8566, 2.3522)], extra: "StateDirectory=\(state)\n[Alert]\nAQISource=open-meteo\n")
        try server.control(
            "readings", #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":1e19}}]}"#)
        let (result, journal) = try PrivateJournal.run([Binaries.breezed.path, "--config", path, "--once", "--log", "journal"])
        #expect(result.status == 0, "\(result.standardError)")
        let records = PrivateJournal.breezedRecords(journal)
        let reading = try #require(records.first { $0["BREEZE_EVENT"] as? String == "reading" })
        #expect(reading["MESSAGE"] as? String
            == #"Pa\x1B[2Jris: no AQI reported (dropped: us_aqi 1e+19 is beyond the AQI scale (0–500))"#)
        #expect(reading["BREEZE_DROPPED"] as? String == "us_aqi 1e+19 is beyond the AQI scale (0–500)")
        #expect(reading["BREEZE_AQI"] == nil)
        #expect(reading["BREEZE_BAND"] == nil)
        // journalctl writes a value with control characters as its bytes: exactly the name's.
        #expect((reading["BREEZE_CITY"] as? [Int])?.map(UInt8.init) == Array(name.utf8))
        #expect(records.allSatisfy { ($0["MESSAGE"] as? String)?.utf8.contains { $0 < 0x20 } == false })
    }
}
