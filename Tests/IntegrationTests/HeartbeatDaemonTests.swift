import BreezeTestSupport
import Foundation
import Testing

/// `HeartbeatURL=` with the real breezed logging to a private journald, polling the fixture
/// Open-Meteo server every 2 s, and a real HTTP receiver on loopback as the monitor.
struct HeartbeatDaemonTests {
    /// One ping the receiver recorded.
    struct Ping {
        var path: String
        var time: Double
        var answered: Int
        var delay: Double
    }

    /// A GET per cycle with data, `/fail` per cycle without (the API failing), an echoing
    /// monitor's 500 logged without the token, and a monitor that hangs past the 10 s timeout
    /// while cycles go on every 2 s (their records fall inside the hang, each dropped ping
    /// logged). The token appears nowhere in the journal or on standard error.
    @Test(.enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"))
    func pingsEachCycleFailsWithoutDataAndAHangingMonitorHoldsNoCycle() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let receiver = try WebhookReceiverServer()
        defer { receiver.stop() }
        let token = "hb-hunter2-" + UUID().uuidString.lowercased()
        let pingPath = "/ping/\(token)"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-heartbeat-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stopFile = folder + "/stop"
        // A trailing slash, so the failure URL shows it is dropped before /fail.
        let path = try server.configuration(
            cities: [("Paris", 48.85, 2.35)],
            extra: "StateDirectory=\(folder)/state\nPollInterval=2s\nJitter=0\nHeartbeatURL=\(receiver.baseURL)\(pingPath)/\n")

        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<(result: ProcessResult, journal: String), any Error>?
        Thread.detachNewThread {
            outcome = Result {
                try PrivateJournal.run([
                    Binaries.fixture("run-until-file").path, stopFile, "150",
                    Binaries.breezed.path, "--config", path, "--log", "journal",
                ])
            }
            finished.signal()
        }
        func pings() -> [Ping] {
            ((try? receiver.requests()) ?? []).compactMap { request in
                guard let path = request["path"] as? String, path.hasPrefix(pingPath) else { return nil }
                return Ping(
                    path: path, time: request["time"] as? Double ?? 0, answered: request["answered"] as? Int ?? 0,
                    delay: request["delay"] as? Double ?? 0)
            }
        }
        func waitFor(_ what: String, _ condition: ([Ping]) -> Bool) throws {
            if eventually(every: 0.1, { condition(pings()) }) { return }
            Issue.record("never: \(what); pings: \(pings().map(\.path))")
            throw CancellationError()
        }
        let failPath = pingPath + "/fail"
        do {
            try waitFor("two pings of cycles with data") { $0.filter { $0.path == pingPath + "/" }.count >= 2 }
            try receiver.respond([["status": 500, "echo": true, "count": 1]])
            try waitFor("the echoing 500") { $0.contains { $0.answered == 500 } }
            try server.control("faults", #"{"faults": [{"path": "/v1/air-quality", "kind": "status", "status": 503, "count": 100000}]}"#)
            try waitFor("two /fail pings") { $0.filter { $0.path == failPath }.count >= 2 }
            try server.control("reset", "{}")
            try waitFor("data again") { pings in pings.last?.path == pingPath + "/" && pings.contains { $0.path == failPath } }
            try receiver.respond([["status": 200, "delay": 30, "count": 1]])
            try waitFor("the hanging ping") { $0.contains { $0.delay == 30 } }
            let hangStart = pings().first { $0.delay == 30 }!.time
            try waitFor("a ping after the 10 s timeout") { $0.contains { $0.time > hangStart + 10.5 } }
        } catch {}
        FileManager.default.createFile(atPath: stopFile, contents: nil)
        #expect(finished.wait(timeout: .now() + 60) == .success)
        let (result, journal) = try #require(outcome).get()
        #expect(result.status == 0, "\(result.standardError)")

        // The token nowhere: journal (every field of every record) and standard error.
        #expect(!journal.contains("hunter2"))
        #expect(!result.standardError.contains("hunter2"))

        let records = PrivateJournal.breezedRecords(journal)
        func time(_ record: [String: Any]) -> Double { Double(record["__REALTIME_TIMESTAMP"] as? String ?? "0")! / 1e6 }
        func field(_ record: [String: Any], _ name: String) -> String? { record[name] as? String }
        let withData = records.filter { field($0, "BREEZE_EVENT") == "reading" }
        let withoutData = records.filter { field($0, "BREEZE_EVENT") == "fetch-failed" }
        let heartbeat = records.filter { field($0, "BREEZE_EVENT") == "heartbeat-failed" }
        let dropped = heartbeat.filter { field($0, "BREEZE_HEARTBEAT_RESULT") == "dropped" }
        let all = pings()

        // One ping per cycle: sent (the receiver has it) or dropped (logged); only the last
        // cycle's may have been cut by the stop.
        let okPings = all.filter { $0.path == pingPath + "/" }.count
        let failPings = all.filter { $0.path == failPath }.count
        #expect(all.count == okPings + failPings, "\(all.map(\.path))")
        let droppedOK = dropped.filter { field($0, "BREEZE_HEARTBEAT_KIND") == "ok" }.count
        let droppedFail = dropped.filter { field($0, "BREEZE_HEARTBEAT_KIND") == "fail" }.count
        #expect([withData.count - 1, withData.count].contains(okPings + droppedOK), "\(withData.count) cycles with data")
        #expect(failPings + droppedFail == withoutData.count)
        #expect(failPings >= 2)

        let refused = heartbeat.filter { field($0, "BREEZE_HEARTBEAT_RESULT") == "refused" }
        #expect(refused.map { field($0, "BREEZE_HEARTBEAT_STATUS") } == ["500"])
        #expect(refused.first.map { field($0, "MESSAGE") } == "heartbeat (ok) to 127.0.0.1:\(receiver.port) failed: HTTP 500")
        #expect(refused.first.map { field($0, "PRIORITY") } == "4")
        let unanswered = heartbeat.filter { field($0, "BREEZE_HEARTBEAT_RESULT") == "unanswered" }
        try #require(unanswered.count == 1)
        #expect(field(unanswered[0], "BREEZE_ERROR") == "timed out")

        // The hang: from the hanging ping's arrival to its timeout record, cycles went on by
        // the 2 s schedule (each gap far below the 10 s the ping held), and each of their
        // pings was dropped, not queued.
        let hangStart = all.first { $0.delay == 30 }!.time
        let hangEnd = time(unanswered[0])
        #expect(hangEnd - hangStart >= 9.5)
        let during = withData.map(time).filter { $0 > hangStart && $0 < hangEnd }
        #expect(during.count >= 3, "cycles during the hang: \(during.map { $0 - hangStart })")
        let gaps = zip(during.dropFirst(), during).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 < 6 }, "gaps between cycles during the hang: \(gaps)")
        let droppedDuring = dropped.map(time).filter { $0 > hangStart && $0 < hangEnd }
        #expect(droppedDuring.count >= during.count - 1)
        #expect(!all.contains { $0.time > hangStart && $0.time < hangEnd - 0.5 }, "a ping went out during the hang")
    }

    /// `check-config` and `breezed --check` name the monitor by its host; a bad value is an
    /// error at its file and line without the value.
    @Test(arguments: [["breezectl", "check-config"], ["breezed", "--check"]])
    func checkingNamesTheHostAndNeverTheToken(command: [String]) throws {
        let binary = command[0] == "breezed" ? Binaries.breezed : Binaries.breezectl
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-heartbeat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.conf").path
        let bad = folder.appendingPathComponent("bad.conf").path
        let city = "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n"
        try "[Breeze]\nHeartbeatURL=https://hc-ping.com/hunter2-0d5e3b9a/\n\(city)".write(toFile: good, atomically: true, encoding: .utf8)
        try "[Breeze]\nPollInterval=15min\nHeartbeatURL=hc-ping.com/hunter2-0d5e3b9a\n\(city)".write(toFile: bad, atomically: true, encoding: .utf8)

        let checked = try Binaries.run(binary, Array(command.dropFirst()) + ["--config", good])
        #expect(checked.status == 0, "\(checked.standardError)")
        #expect(checked.standardOutput.contains("heartbeat to hc-ping.com, "))
        let refused = try Binaries.run(binary, Array(command.dropFirst()) + ["--config", bad])
        #expect(refused.status == 78)
        #expect(refused.standardError.contains("\(bad):3: HeartbeatURL= must start with http:// or https://"))
        for output in [checked.standardOutput, checked.standardError, refused.standardOutput, refused.standardError] {
            #expect(!output.contains("hunter2"), "leaked: \(output)")
        }
    }
}
