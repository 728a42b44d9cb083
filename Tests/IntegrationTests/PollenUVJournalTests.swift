import BreezeTestSupport
import Foundation
import Testing

/// The pollen and UV alerts as a user's `journalctl` shows them: breezed under a journald of
/// its own, the firing records with their MESSAGE_ID and fields, and Tokyo's one record of
/// having no pollen data.
struct PollenUVJournalTests {
    @Test(.enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"))
    func pollenAndUVRecordsCarryTheirFields() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try PollenUVAlertTests().configuration(server, webhook: webhook, state: state)
        try PollenUVAlertTests().serve(server, birch: 1600, uv: 11.5)
        // The daemon runs until the UV firing reaches the journal, then stops by SIGTERM.
        let script = """
            "$1" --config "$2" --log journal & daemon=$!
            for _ in $(seq 200); do
                journalctl --quiet -o cat SYSLOG_IDENTIFIER=breezed 2>/dev/null | grep -q '^UV in Paris: ' && break
                sleep 0.05
            done
            kill -TERM $daemon; wait $daemon
            """
        let (result, journal) = try PrivateJournal.run(["/bin/sh", "-c", script, "sh", Binaries.breezed.path, path])
        #expect(result.status == 0, "\(result.standardError)")
        let records = PrivateJournal.breezedRecords(journal)
        let pollen = try #require(records.first { $0["BREEZE_EVENT"] as? String == "pollen-firing" })
        #expect(pollen["MESSAGE_ID"] as? String == "7399a978f70f4fabb311263748326350")
        #expect(pollen["BREEZE_SUBJECT"] as? String == "pollen")
        #expect(pollen["BREEZE_POLLEN_LEVEL"] as? String == "very-high")
        #expect(pollen["BREEZE_POLLEN_TYPE"] as? String == "birch")
        #expect(pollen["BREEZE_POLLEN_COUNT"] as? String == "1600.0")
        #expect(pollen["PRIORITY"] as? String == "4")
        #expect(pollen["MESSAGE"] as? String == "Pollen in Paris: Birch pollen Very High (1600 grains/m³)")
        let uv = try #require(records.first { $0["BREEZE_EVENT"] as? String == "uv-firing" })
        #expect(uv["MESSAGE_ID"] as? String == "fd024f202ca6400582a3347b00c35fc3")
        #expect(uv["BREEZE_UV_INDEX"] as? String == "11.5" && uv["BREEZE_UV_BAND"] as? String == "extreme")
        let noData = records.filter { $0["BREEZE_EVENT"] as? String == "pollen-no-data" }
        #expect(noData.count == 1)
        #expect(noData.first?["BREEZE_CITY"] as? String == "Tokyo")
        #expect(noData.first?["MESSAGE_ID"] as? String == "32940a099f6843f8920429ce8f9e85a9")
        #expect(!records.contains { $0["BREEZE_CITY"] as? String == "Tokyo" && ($0["BREEZE_EVENT"] as? String)?.hasSuffix("-firing") == true })
    }
}
