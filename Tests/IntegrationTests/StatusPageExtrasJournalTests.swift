import BreezeTestSupport
import Foundation
import Testing

/// The status page's extras as a user's `journalctl` shows them: breezed under a journald of its
/// own, the pollen-and-UV and climate records with their fields.
struct StatusPageExtrasJournalTests {
    @Test(.enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"))
    func pollenUVAndClimateRecordsCarryTheirFields() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.configuration(
            cities: [("Paris", 48.8566, 2.3522), ("Sydney", -33.8688, 151.2093)],
            extra: "StateDirectory=\(state)\nControlSocket=\(state).control\nStatusPageExtras=yes\n[Web]\nListen=\n")
        try server.control(
            "readings",
            #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"birch_pollen":42.5,"grass_pollen":-1,"uv_index":3.25}}]}"#)
        // The daemon runs until its extras' summary reaches the journal, then stops by SIGTERM.
        let script = """
            "$1" --config "$2" --log journal & daemon=$!
            for _ in $(seq 200); do
                journalctl --quiet -o cat SYSLOG_IDENTIFIER=breezed 2>/dev/null | grep -q '^status page extras: ' && break
                sleep 0.05
            done
            kill -TERM $daemon; wait $daemon
            """
        let (result, journal) = try PrivateJournal.run(["/bin/sh", "-c", script, "sh", Binaries.breezed.path, path])
        #expect(result.status == 0, "\(result.standardError)")
        let records = PrivateJournal.breezedRecords(journal)
        let paris = try #require(records.first { ($0["MESSAGE"] as? String)?.hasPrefix("Paris: pollen ") == true })
        #expect(paris["BREEZE_CITY"] as? String == "Paris")
        #expect(paris["BREEZE_POLLEN_BIRCH"] as? String == "42.5")
        #expect(paris["BREEZE_POLLEN_GRASS"] == nil)
        #expect(paris["BREEZE_UV_INDEX"] as? String == "3.3")
        #expect((paris["BREEZE_ERROR"] as? String)?.contains("grass_pollen -1 is negative") == true)
        #expect(paris["PRIORITY"] as? String == "4")
        let sydney = try #require(records.first { ($0["MESSAGE"] as? String)?.hasPrefix("Sydney: no pollen data here") == true })
        #expect(sydney["BREEZE_POLLEN_BIRCH"] == nil && sydney["BREEZE_UV_INDEX"] != nil)
        let climate = try #require(records.first { ($0["MESSAGE"] as? String)?.hasPrefix("Paris: climate trend for ") == true })
        #expect((climate["BREEZE_CLIMATE_DAY"] as? String)?.count == 10)
    }
}
