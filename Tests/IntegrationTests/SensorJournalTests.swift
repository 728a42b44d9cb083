import BreezeTestSupport
import Foundation
import Testing

/// The `[Sensor]`s as a user's `journalctl` shows them: breezed from the build, under a
/// journald of its own, asking a dual-laser PurpleAir, one whose channels disagree and AirNow
/// with a key it refuses (and echoes back), all on loopback.
struct SensorJournalTests {
    static let key = "sensor-journal-key-5c1e"

    func configuration(_ server: OpenMeteoServer, sensors: SensorServer, state: String) -> String {
        """
        [Breeze]
        ApiURL=\(server.baseURL)
        GeocodingURL=\(server.baseURL)
        ArchiveURL=\(server.baseURL)
        Timeout=5s
        PollInterval=15min
        Jitter=0
        StateDirectory=\(state)
        ControlSocket=\(state).control
        [Web]
        Listen=
        [Alert]
        ConfirmAfter=1
        ForecastThreshold=off
        [City "Paris"]
        Latitude=48.8566
        Longitude=2.3522
        [Sensor "backyard"]
        Kind=purpleair
        URL=\(sensors.url("/purpleair/dual/json"))
        City=Paris
        [Sensor "street"]
        Kind=purpleair
        URL=\(sensors.url("/purpleair/fault/json"))
        City=Paris
        [Sensor "official"]
        Kind=airnow
        URL=\(sensors.url("/airnow/invalid-key/"))
        ApiKey=\(Self.key)
        City=Paris

        """
    }

    @Test(.enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"))
    func everySensorIsInTheReadingRecordAndABadOneSaysWhy() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let sensors = try SensorServer()
        defer { sensors.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-sensors-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/breezed.conf"
        try configuration(server, sensors: sensors, state: folder + "/state").write(toFile: path, atomically: true, encoding: .utf8)
        let script = """
            "$1" --config "$2" --log journal & daemon=$!
            for i in $(seq 400); do
                journalctl --quiet -o cat SYSLOG_IDENTIFIER=breezed 2>/dev/null | grep -q '; sensors: ' && break
                # A first cycle may end before the sensors' first round: poll again (SIGUSR1).
                [ $((i % 40)) -eq 0 ] && kill -USR1 $daemon
                sleep 0.05
            done
            kill -TERM $daemon; wait $daemon
            """
        let (result, journal) = try PrivateJournal.run(["/bin/sh", "-c", script, "sh", Binaries.breezed.path, path])
        #expect(result.status == 0, "\(result.standardError)")
        let records = PrivateJournal.breezedRecords(journal)
        let reading = try #require(records.first { ($0["BREEZE_SENSORS"] as? String) != nil })
        let sensorsField = reading["BREEZE_SENSORS"] as? String ?? ""
        // The capture's channels (8 and 11 at ATM, 39 % RH): 0.524·9.5 − 0.0862·39 + 5.75 = 7.37.
        #expect(sensorsField.contains("backyard (outdoor) 7.4 µg/m³ valid, hours so far too few"))
        #expect(sensorsField.contains("street (outdoor) invalid: channels A and B disagree"))
        #expect(sensorsField.contains("official (outdoor) invalid: "))
        #expect((reading["MESSAGE"] as? String)?.contains("; sensors: backyard (outdoor)") == true)
        let street = try #require(records.first { $0["BREEZE_EVENT"] as? String == "sensor" && $0["BREEZE_SENSOR"] as? String == "street" })
        #expect(street["MESSAGE_ID"] as? String == "e7285021fad24e9e9f6bfb1de28d992d")
        #expect(street["PRIORITY"] as? String == "4")
        #expect(street["BREEZE_SENSOR_KIND"] as? String == "purpleair")
        // AirNow echoed the key in its error: no record has it.
        #expect(!journal.contains(Self.key))
        #expect(sensors.requestCount("/airnow/invalid-key/") >= 1)
    }
}

extension SensorServer {
    /// The requests to `path` so far, 0 when the server cannot say.
    func requestCount(_ path: String) -> Int { (try? count(path)) ?? 0 }
}
