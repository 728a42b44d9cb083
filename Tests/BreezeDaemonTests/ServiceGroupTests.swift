import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary
import Synchronization
import BreezeTestSupport
import Testing

@testable import BreezeDaemon

/// The group starts and reloads its services in order, stops them last first, and waits for
/// each until one deadline; a service that has not stopped by then is named, not waited for.
struct ServiceGroupTests {
    /// Records each call in `journal`; with `holds`, it stops only when the test releases it.
    final class ProbeService: DaemonService {
        let name: String
        private let journal: Locked<[String]>
        private let holds: Bool
        private let waiter = Mutex<(@Sendable () -> Void)?>(nil)

        init(_ name: String, journal: Locked<[String]>, holds: Bool = false) {
            self.name = name
            self.journal = journal
            self.holds = holds
        }

        func start(_ plan: DaemonPlan) { journal.withLock { $0.append("start \(name)") } }
        func reload(_ plan: DaemonPlan) { journal.withLock { $0.append("reload \(name) \(plan.cities.count)") } }
        func stop() { journal.withLock { $0.append("stop \(name)") } }

        func whenStopped(_ stopped: @escaping @Sendable () -> Void) {
            journal.withLock { $0.append("wait \(name)") }
            guard holds else { return stopped() }
            waiter.withLock { $0 = stopped }
        }

        /// The running work is done.
        func release() { waiter.withLock { $0 }?() }
    }

    struct NoSource: AirQualitySource {
        func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] { [] }
    }

    func plan(cities: Int) throws -> DaemonPlan {
        var text = "[Breeze]\nStateDirectory=/tmp/x\n"
        for index in 0..<cities { text += "[City \"C\(index)\"]\nLatitude=\(index)\nLongitude=2\n" }
        return DaemonPlan(configuration: try ConfigurationLoader.load(text: text).configuration, source: NoSource())
    }

    let journal = Locked<[String]>([])
    let clock = FakeClock()

    func group(_ services: [ProbeService]) -> ServiceGroup { ServiceGroup(services, clock: { [clock] in clock.now() }) }

    @Test func startsInOrderAndReloadReachesEach() throws {
        let group = group(["delivery", "web", "poll"].map { ProbeService($0, journal: journal) })
        group.start(try plan(cities: 1))
        group.reload(try plan(cities: 2))
        #expect(
            journal.withLock { $0 } == [
                "start delivery", "start web", "start poll", "reload delivery 2", "reload web 2", "reload poll 2",
            ])
    }

    @Test func stopsLastStartedFirstThenWaitsForEachInThatOrder() async {
        let group = group(["delivery", "web", "poll"].map { ProbeService($0, journal: journal) })
        let late = Locked<[String]?>(nil)
        group.stop(until: Deadline(after: .seconds(60), from: clock.now())) { names in late.withLock { $0 = names } }
        #expect(await eventually { late.withLock { $0 } == [] })
        #expect(
            journal.withLock { $0 } == [
                "stop poll", "stop web", "stop delivery", "wait poll", "wait web", "wait delivery",
            ])
    }

    /// Every service is told at once; the wait for the next begins only once the one before
    /// has stopped.
    @Test func theWaitFollowsAServiceThatTakesItsTime() async {
        let poll = ProbeService("poll", journal: journal, holds: true)
        let group = group([ProbeService("delivery", journal: journal), poll])
        let late = Locked<[String]?>(nil)
        group.stop(until: Deadline(after: .seconds(3600), from: clock.now())) { names in late.withLock { $0 = names } }
        #expect(journal.withLock { $0 } == ["stop poll", "stop delivery", "wait poll"])
        poll.release()
        #expect(await eventually { late.withLock { $0 } == [] })
        #expect(journal.withLock { $0 } == ["stop poll", "stop delivery", "wait poll", "wait delivery"])
    }

    /// The deadline passes while the poll loop has not stopped: the group names it and goes on
    /// to the next, whose wait the passed deadline does not extend.
    @Test func aDeadlineThatPassesLeavesTheLateServiceBehind() async {
        let poll = ProbeService("poll", journal: journal, holds: true)
        let delivery = ProbeService("delivery", journal: journal, holds: true)
        let group = group([delivery, ProbeService("web", journal: journal), poll])
        let late = Locked<[String]?>(nil)
        let deadline = Deadline(after: .seconds(5), from: clock.now())
        clock.advance(5)
        group.stop(until: deadline) { names in late.withLock { $0 = names } }
        #expect(await eventually { late.withLock { $0 } != nil })
        #expect(late.withLock { $0 } == ["poll", "delivery"])
        #expect(journal.withLock { $0 }.filter { $0.hasPrefix("wait") } == ["wait poll", "wait web", "wait delivery"])
        // Stopping after the deadline answers no one twice.
        poll.release()
        delivery.release()
        #expect(late.withLock { $0 } == ["poll", "delivery"])
    }

    /// `DaemonPhase`'s stages: the loop's side first, then the listener's, then the worker;
    /// a service is told once.
    @Test func aStopInStagesTellsEachServiceOnceLastStartedFirst() {
        let services = ["delivery", "heartbeat", "web", "extras", "poll", "digests", "control socket"].map {
            ProbeService($0, journal: journal)
        }
        let group = group(services)
        group.stop(through: services[4])
        #expect(journal.withLock { $0 } == ["stop control socket", "stop digests", "stop poll"])
        group.stop(through: services[5])
        group.stop(through: services[2])
        group.stop(through: services[0])
        group.stop(through: services[0])
        #expect(
            journal.withLock { $0 } == [
                "stop control socket", "stop digests", "stop poll", "stop extras", "stop web", "stop heartbeat",
                "stop delivery",
            ])
    }
}
