import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeOpenMeteo
import BreezeTestSupport
import BreezeVocabulary
import Testing

@testable import BreezeDaemon

/// The heartbeat as a service: it pings the URL of the plan in force, and nothing after the stop.
struct HeartbeatServiceTests {
    struct NoSource: AirQualitySource {
        func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] { [] }
    }

    func plan(_ url: String) throws -> DaemonPlan {
        let text = "[Breeze]\nStateDirectory=/tmp/x\nHeartbeatURL=\(url)\n[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n"
        return DaemonPlan(configuration: try ConfigurationLoader.load(text: text).configuration, source: NoSource())
    }

    @Test func aReloadMovesThePingsAndTheStopEndsThem() async throws {
        let transport = RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))])
        let logger = RecordsLogger()
        let sender = HeartbeatSender(transport: transport, logger: logger)
        let service = HeartbeatService(sender: sender)
        // A ping's record is logged once it has ended: the next one is not dropped as still running.
        func ended(_ count: Int) -> Bool { logger.records.filter { $0.field("BREEZE_HEARTBEAT_RESULT") != nil }.count == count }
        service.start(try plan("https://hc-ping.com/first"))
        service.cycleCompleted(gotData: true)
        #expect(await eventually { transport.requests.count == 1 && ended(1) })
        service.reload(try plan("https://hc-ping.com/second"))
        service.cycleCompleted(gotData: false)
        #expect(await eventually { transport.requests.count == 2 && ended(2) })
        service.stop()
        service.cycleCompleted(gotData: true)
        // Neither a reload after the stop brings them back.
        service.reload(try plan("https://hc-ping.com/third"))
        service.cycleCompleted(gotData: true)
        // A ping of the sender's own, queued after whatever the service might have sent.
        let done = Locked(false)
        sender.cycleCompleted(gotData: true, url: Secret("https://hc-ping.com/last")) { done.withLock { $0 = true } }
        #expect(await eventually { done.withLock { $0 } })
        #expect(
            transport.requests.map(\.url) == [
                "https://hc-ping.com/first", "https://hc-ping.com/second/fail", "https://hc-ping.com/last",
            ])
    }
}
