import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeTestSupport
import BreezeModel
import Foundation
import Synchronization
import Testing
import BreezeVocabulary

/// A firing that could not go out before its episode resolved becomes one notice that the
/// episode came and went — not an urgent push for air that is fine again.
struct EpisodeFoldingTests {
    func queues(_ receivers: [FakeReceiver]) -> DeliveryQueues {
        DeliveryQueues(targets: receivers.map { DeliveryTarget(receiver: $0) }, quietHours: { _, _, _ in nil })
    }

    @Test func aFiringStillRetryingWhenItsResolveArrivesGoesAsTheResolve() {
        var machine = queues([FakeReceiver("ops")])
        machine.add([entry(1, at: 1000)])
        #expect(machine.step(now: 1000).map(\.summary) == ["attempt ops 1"])
        _ = machine.finished(entry(1), outcome: .retry(reason: "HTTP 503", retryAfter: .seconds(600)), now: 1000, randomUnit: 0)
        // Meanwhile an escalation, Tokyo's firing and Paris's resolve. When the retry is due,
        // the resolve takes the firing's place; Tokyo's firing still waits behind it.
        machine.add([
            entry(2, kind: .escalated, band: .veryUnhealthy, at: 1300), entry(3, city: "Tokyo", at: 1400),
            entry(4, kind: .resolved, band: .good, at: 1500),
        ])
        // Not before the retry is due.
        #expect(machine.step(now: 1200).map(\.summary) == [])
        #expect(machine.step(now: 1600).map(\.summary) == [
            "save ops 4", "remove ops 1", "superseded ops 1 by 4", "remove ops 2", "superseded ops 2 by 4",
            "attempt ops 4",
        ])
        let pending = machine.queues["ops"] ?? []
        #expect(pending.map(\.sequence) == [4, 3])
        let resolve = pending[0]
        #expect(resolve.event.kind == .resolved)
        #expect(resolve.event.unannounced == UnannouncedEpisode(startedAt: Instant(unixSeconds: 1000), band: .veryUnhealthy))
        // While the resolve is retried, Tokyo waits: one entry at a time, in order.
        _ = machine.finished(resolve, outcome: .retry(reason: "HTTP 503", retryAfter: .seconds(600)), now: 1600, randomUnit: 0)
        #expect(machine.step(now: 1700).map(\.summary) == [])
        #expect(machine.step(now: 2200).map(\.summary) == ["attempt ops 4"])
    }

    @Test func aFiringAlreadyDeliveredLeavesItsResolveOrdinary() {
        var machine = queues([FakeReceiver("ops")])
        machine.add([entry(1), entry(2, kind: .reminder), entry(3, kind: .resolved, band: .good)])
        #expect(machine.step(now: 1000).map(\.summary) == [
            "save ops 3", "remove ops 1", "superseded ops 1 by 3", "remove ops 2", "superseded ops 2 by 3", "attempt ops 3",
        ])
        var other = queues([FakeReceiver("ops")])
        other.add([entry(1)])
        _ = other.step(now: 1000)
        _ = other.finished(entry(1), outcome: .delivered, now: 1000, randomUnit: 0)
        other.add([entry(2, kind: .resolved, band: .good)])
        #expect(other.step(now: 1001).map(\.summary) == ["attempt ops 2"])
        #expect(other.queues["ops"]?.first?.event.unannounced == nil)
    }

    @Test func aRefreshIsNeverFoldedAndAFiringWithoutResolveGoesAsItIs() {
        var machine = queues([FakeReceiver("am", refreshes: true)])
        var refresh = entry(1, receiver: "am")
        refresh.isRefresh = true
        machine.add([refresh, entry(2, receiver: "am", kind: .resolved, band: .good)])
        #expect(machine.step(now: 1000).map(\.summary) == ["attempt am 1"])
        var single = queues([FakeReceiver("ops")])
        single.add([entry(1), entry(2, city: "Tokyo", kind: .resolved, band: .good)])
        #expect(single.step(now: 1000).map(\.summary) == ["attempt ops 1"])
    }

    /// The worker, a real ntfy receiver over a transport that fails until the test says, and a
    /// clock the test moves: what is sent is made at delivery time.
    @Test func theWorkerSendsOneLowPriorityNoticeAfterAnOutage() throws {
        let state = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let up = Mutex(false)
        let clock = ManualWakeUpClock(SampleEvents.createdAt)
        let transport = RecordingTransport { _, _ in
            up.withLock { $0 } ? .success(HTTPResponse(status: 200)) : .failure(.connectionRefused)
        }
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(name: "phone", url: "http://127.0.0.1:9/topic", format: .ntfy),
            transport: transport)
        let worker = DeliveryWorker(
            outbox: Outbox(stateDirectory: state),
            targets: [DeliveryTarget(receiver: receiver, schedule: DeliverySchedule(initialDelay: 60, maximumDelay: 60))],
            quietHours: { _, _, _ in nil }, clock: { clock.now }, random: { 0 }, wakeUps: clock, report: { _ in })
        worker.start()
        defer { worker.stop() }
        let paris = SampleEvents.paris
        let firing = SampleEvents.event(.firing, city: paris)
        worker.submit([DeliveryRequest(event: firing, receiver: "phone")])
        #expect(worker.waitUntilIdle(timeout: .seconds(60)))
        #expect(transport.requests.count == 1)
        // The receiver is back, the air good again; 42 minutes on, the firing's retry is due.
        up.withLock { $0 = true }
        var resolve = SampleEvents.event(.resolved, city: paris, aqi: 40, band: .good, previousBand: .unhealthy)
        resolve.id = "paris-resolved"
        resolve.createdAt = SampleEvents.createdAt + .seconds(2520)
        worker.submit([DeliveryRequest(event: resolve, receiver: "phone")])
        #expect(transport.requests.count == 1)
        clock.advance(to: SampleEvents.createdAt + .seconds(2520))
        #expect(worker.deliverAll(on: clock))
        let sent = transport.requests
        #expect(sent.count == 2)
        let last = try #require(sent.last)
        #expect(last.headers.value("Priority") == "2")
        let body = String(decoding: last.body ?? [], as: UTF8.self)
        #expect(body.hasPrefix("Air quality in Paris was Unhealthy 😨 16:05–16:47 CEST, now resolved: AQI 40, Good 😊"))
        #expect(Outbox(stateDirectory: state).scan().entries.isEmpty)
    }
}
