import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeOpenMeteo
import BreezeSystem
import BreezeTestSupport
import BreezeVocabulary
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import BreezeDaemon

/// `HeartbeatURL=`: the URL each outcome pings, what the records say (never the token), at
/// most one ping in flight, and the daemon pinging after each cycle without waiting for it.
struct HeartbeatTests {
    static let token = "0d5e3b9a-hunter2-41c7-8f0e-6a2b9c4d7e1f"
    static let url = "https://hc-ping.com/\(token)"

    @Test(arguments: [
        ("https://hc-ping.com/T", "https://hc-ping.com/T/fail"),
        ("https://hc-ping.com/T/", "https://hc-ping.com/T/fail"),
        ("https://kuma.example/api/push/T?status=up&msg=OK", "https://kuma.example/api/push/T/fail?status=up&msg=OK"),
        ("https://kuma.example/api/push/T/?a=/b", "https://kuma.example/api/push/T/fail?a=/b"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/fail"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/fail"),
        ("http://[::1]:8080?x", "http://[::1]:8080/fail?x"),
    ])
    func failAppendsToThePathBeforeTheQuery(base: String, failure: String) {
        #expect(HeartbeatPing.url(base, kind: .success) == base)
        #expect(HeartbeatPing.url(base, kind: .failure) == failure)
    }

    @Test func aDeliveredPingIsOneBoundedGETLoggedAtDebug() {
        let transport = RecordingTransport(outcomes: [.success(HTTPResponse(status: 200, body: Array("OK".utf8)))])
        let logger = RecordsLogger()
        HeartbeatSender(transport: transport, logger: logger).send(.success, url: Secret(Self.url))
        #expect(transport.requests == [HTTPRequest(url: Self.url, timeout: .seconds(10), needsWholeBody: false)])
        #expect(logger.records.map(\.priority) == [.debug])
        #expect(logger.records.first?.field("BREEZE_HEARTBEAT_HOST") == "hc-ping.com")
        logger.expectNoToken()
    }

    @Test func everyFailureIsOneWarningNamingTheHostNeverTheToken() throws {
        let echo = Array("you sent https://hc-ping.com/\(Self.token)/fail".utf8)
        let outcomes: [Result<HTTPResponse, HTTPError>] = [
            .success(HTTPResponse(status: 503, body: echo)),
            .success(HTTPResponse(status: 302, headers: ["Location": "https://elsewhere.example/\(Self.token)"], body: echo)),
            .failure(.connectionFailed("Could not resolve host: hc-ping.com/\(Self.token)")),
            .failure(.timeout),
        ]
        let transport = RecordingTransport(outcomes: outcomes)
        let logger = RecordsLogger()
        let sender = HeartbeatSender(transport: transport, logger: logger)
        for _ in outcomes { sender.send(.failure, url: Secret(Self.url + "/")) }
        #expect(transport.requests.map(\.url) == Array(repeating: Self.url + "/fail", count: 4))
        let records = logger.records
        #expect(records.map(\.priority) == Array(repeating: .warning, count: 4))
        #expect(records.allSatisfy { $0.messageID == DaemonEvent.heartbeatFailed.messageID })
        #expect(records.map { $0.field("BREEZE_EVENT") } == Array(repeating: "heartbeat-failed", count: 4))
        #expect(records.map { $0.field("BREEZE_HEARTBEAT_KIND") } == ["fail", "fail", "fail", "fail"])
        #expect(records.map { $0.field("BREEZE_HEARTBEAT_RESULT") } == ["refused", "refused", "unanswered", "unanswered"])
        #expect(records.map { $0.field("BREEZE_HEARTBEAT_STATUS") } == ["503", "302", nil, nil])
        #expect(records[0].message == "heartbeat (fail) to hc-ping.com failed: HTTP 503")
        #expect(records[1].message.contains("redirect to elsewhere.example, not followed"))
        #expect(records[2].message.contains("Could not resolve host: hc-ping.com/<redacted>"))
        #expect(records[3].message == "heartbeat (fail) to hc-ping.com failed: timed out")
        logger.expectNoToken()
    }

    @Test func aPingDueWhileTheLastRunsIsDroppedAndCountedNotQueued() async {
        let gate = DispatchSemaphore(value: 0)
        let transport = RecordingTransport { _, index in
            if index == 0 { gate.wait() }
            return .success(HTTPResponse(status: 200))
        }
        let logger = RecordsLogger()
        let sender = HeartbeatSender(transport: transport, logger: logger)
        let finished = Locked(0)
        sender.cycleCompleted(gotData: true, url: Secret(Self.url)) { finished.withLock { $0 += 1 } }
        #expect(await eventually { transport.requests.count == 1 })
        sender.cycleCompleted(gotData: false, url: Secret(Self.url))
        sender.cycleCompleted(gotData: true, url: Secret(Self.url))
        #expect(sender.droppedCount == 2)
        let dropped = logger.records.filter { $0.field("BREEZE_HEARTBEAT_RESULT") == "dropped" }
        #expect(dropped.map { $0.field("BREEZE_HEARTBEAT_DROPPED") } == ["1", "2"])
        #expect(dropped.map { $0.field("BREEZE_HEARTBEAT_KIND") } == ["fail", "ok"])
        gate.signal()
        #expect(await eventually { finished.withLock { $0 } == 1 })
        // Free again: the next cycle's ping goes out; the dropped ones never do.
        sender.cycleCompleted(gotData: false, url: Secret(Self.url)) { finished.withLock { $0 += 1 } }
        #expect(await eventually { finished.withLock { $0 } == 2 })
        #expect(transport.requests.map(\.url) == [Self.url, Self.url + "/fail"])
        logger.expectNoToken()
    }

    /// The daemon on a fake clock: a ping per cycle, `/fail` for a cycle without data, and a
    /// monitor that hangs holds neither the next cycle nor its readings.
    @Test func theDaemonPingsAfterEachCycleAndAHangingMonitorDelaysNothing() async throws {
        let rig = HeartbeatRig()
        let gate = DispatchSemaphore(value: 0)
        let transport = RecordingTransport { _, index in
            if index == 1 { gate.wait() }
            return .success(HTTPResponse(status: 200))
        }
        let daemon = try rig.makeDaemon(transport: transport)
        daemon.start()
        #expect(await eventually { transport.requests.count == 1 })
        #expect(transport.requests.first?.url == Self.url)

        rig.source.failing.withLock { $0 = true }
        daemon.pollNow()
        #expect(await eventually { transport.requests.count == 2 })
        #expect(transport.requests.last?.url == Self.url + "/fail")

        // The second ping hangs; two more cycles complete and log their readings meanwhile.
        rig.source.failing.withLock { $0 = false }
        for expected in [3, 4] {
            daemon.pollNow()
            #expect(await eventually { rig.source.calls.withLock { $0 } == expected && rig.logger.count("Paris: AQI") == expected - 1 })
        }
        #expect(await eventually { rig.logger.records.filter { $0.field("BREEZE_HEARTBEAT_RESULT") == "dropped" }.count == 2 })
        #expect(transport.requests.count == 2)
        gate.signal()
        #expect(await eventually { rig.logger.records.contains { $0.field("BREEZE_HEARTBEAT_RESULT") == "delivered" && $0.field("BREEZE_HEARTBEAT_KIND") == "fail" } })
        // Only failed and dropped pings are heartbeat-failed events.
        let heartbeats = rig.logger.records.filter { $0.field("BREEZE_HEARTBEAT_RESULT") != nil }
        #expect(heartbeats.filter { $0.field("BREEZE_HEARTBEAT_RESULT") == "delivered" }.allSatisfy { $0.field("BREEZE_EVENT") == nil })
        #expect(heartbeats.filter { $0.field("BREEZE_HEARTBEAT_RESULT") == "dropped" }.allSatisfy { $0.field("BREEZE_EVENT") == "heartbeat-failed" })
        daemon.pollNow()
        #expect(await eventually { transport.requests.count == 3 })
        #expect(transport.requests.last?.url == Self.url)
        rig.logger.expectNoToken()
        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }

    /// A reload moves the pings to the new URL; emptying `HeartbeatURL=` stops them.
    @Test func aReloadAppliesTheNewURL() async throws {
        let rig = HeartbeatRig()
        let transport = RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))])
        let daemon = try rig.makeDaemon(transport: transport)
        daemon.start()
        #expect(await eventually { transport.requests.count == 1 })
        _ = try rig.load(url: "https://hc-ping.example/moved")
        daemon.reload()
        #expect(await eventually { rig.logger.count("configuration reloaded") == 1 })
        daemon.pollNow()
        #expect(await eventually { transport.requests.count == 2 })
        _ = try rig.load(url: "")
        daemon.reload()
        #expect(await eventually { rig.logger.count("configuration reloaded") == 2 })
        daemon.pollNow()
        #expect(await eventually { rig.logger.count("Paris: AQI") == 3 })
        // Back to the first URL: the next ping is the third request only if the cycle
        // without a URL sent none.
        _ = try rig.load()
        daemon.reload()
        #expect(await eventually { rig.logger.count("configuration reloaded") == 3 })
        daemon.pollNow()
        #expect(await eventually { transport.requests.count == 3 })
        #expect(transport.requests.map(\.url) == [Self.url, "https://hc-ping.example/moved", Self.url])
        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }

    /// `breezed --once` pings once after its cycle, waited for: `/fail` when it got no data.
    @Test(arguments: [false, true])
    func onceWaitsForItsOnePing(failing: Bool) throws {
        let rig = HeartbeatRig()
        rig.source.failing.withLock { $0 = failing }
        let transport = RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))])
        let summary = try Daemon.runOnce(loaded: try rig.load(), environment: rig.environment(transport: transport))
        #expect(summary.citiesWithData == (failing ? 0 : 1))
        #expect(transport.requests.map(\.url) == [failing ? Self.url + "/fail" : Self.url])
    }
}

/// Keeps every record, for the fields.
final class RecordsLogger: Logger {
    private let storage = Mutex<[LogRecord]>([])

    func log(_ record: LogRecord) { storage.withLock { $0.append(record) } }

    var records: [LogRecord] { storage.withLock { $0 } }

    func count(_ text: String) -> Int { records.filter { $0.message.contains(text) }.count }

    /// No message or field holds the heartbeat's token.
    func expectNoToken(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for record in records {
            let text = ([record.message] + record.fields.map(\.value)).joined(separator: "\n")
            #expect(!text.contains("hunter2"), "leaked: \(text)", sourceLocation: sourceLocation)
        }
    }
}

/// A source answering every city with AQI 42, or failing every city when `failing`.
final class SwitchableSource: AirQualitySource {
    let failing = Mutex(false)
    let calls = Mutex(0)

    func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
        calls.withLock { $0 += 1 }
        if failing.withLock({ $0 }) {
            return cities.map { _ in .failure(SourceFailure(message: "HTTP 503", permanent: false)) }
        }
        return cities.map { _ in .success(Reading(time: "2026-08-20T14:00", usAQI: 42, concentrations: [.pm2_5: 10])) }
    }
}

/// A daemon with `HeartbeatURL=` on a fake clock and a switchable source.
final class HeartbeatRig: Sendable {
    let folder = NSTemporaryDirectory() + "breeze-heartbeat-\(UUID().uuidString)"
    let source = SwitchableSource()
    let clock = FakeClock()
    let logger = RecordsLogger()
    let exits = Locked<[Int32]>([])

    func makeDaemon(transport: any HTTPTransport) throws -> Daemon {
        try Daemon(configurationPath: folder + "/breezed.conf", loaded: load(), environment: environment(transport: transport))
    }

    /// Writes the configuration and loads it.
    func load(url: String = HeartbeatTests.url) throws -> LoadedConfiguration {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/breezed.conf"
        try """
            [Breeze]
            PollInterval=15min
            Jitter=0
            StateDirectory=\(folder)/state
            HeartbeatURL=\(url)
            [City "Paris"]
            Latitude=48.85
            Longitude=2.35

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return try ConfigurationLoader.load(path: path, environment: [:])
    }

    func environment(transport: any HTTPTransport) -> DaemonEnvironment {
        let (source, clock) = (source, clock)
        return DaemonEnvironment(
            logger: logger, notifier: ServiceNotifier { _ in true }, makeSource: { _ in source }, variables: [:],
            clock: { clock.now() }, random: { 0.5 }, version: "9.9-test", heartbeatTransport: transport)
    }

    func stop(_ daemon: Daemon) {
        let exits = self.exits
        daemon.stop(reason: "test", grace: .seconds(30)) { code in exits.withLock { $0.append(code) } }
    }
}
