import BreezeDelivery
import BreezeState
import Foundation
import Synchronization
import BreezeVocabulary
import BreezeTestSupport
import Testing

@testable import BreezeDaemon

/// The whole `Daemon` on a fake clock, a fake source and a fake receiver: reload, the stop
/// sequence, and the outbox written before the state.
struct DaemonLifecycleTests {
    @Test func aReloadAppliesAGoodFileKeepsThePlanOnABadOneAndRefusesANewStateDirectory() async throws {
        let rig = DaemonRig()
        let daemon = try rig.makeDaemon()
        daemon.start()
        #expect(await eventually { rig.logger.index(of: "Paris: AQI 180") != nil })
        #expect(rig.logger.index(of: "breezed 9.9-test started: 1 city") != nil)

        try rig.write(rig.configuration(cities: ["Paris", "Tokyo"]))
        daemon.reload()
        #expect(await eventually { rig.logger.index(of: "configuration reloaded: 2 cities") != nil })
        #expect(await rig.snapshot(daemon).cities == ["Paris", "Tokyo"])
        // Tokyo is new: polled now, the clock unmoved, not an interval later.
        #expect(await eventually { rig.source.calls.withLock { $0 } == 2 })

        try rig.write(rig.configuration(cities: ["Paris", "Tokyo"]) + "[City \"Nowhere\"]\nLatitude=north\n")
        daemon.reload()
        #expect(await eventually { rig.logger.index(of: "configuration not reloaded, keeping the running one") != nil })
        #expect(await rig.snapshot(daemon).cities == ["Paris", "Tokyo"])

        try rig.write(rig.configuration(cities: ["Paris"], stateDirectory: rig.folder + "/elsewhere"))
        daemon.reload()
        #expect(await eventually { rig.logger.index(of: "StateDirectory= changes need a restart") != nil })
        let kept = await rig.snapshot(daemon)
        #expect(kept.cities == ["Paris", "Tokyo"])
        #expect(kept.stateDirectory == rig.state)
        #expect(kept.version == "9.9-test")
        #expect(!FileManager.default.fileExists(atPath: rig.folder + "/elsewhere"))
        #expect(rig.notified.withLock { $0.filter { $0.hasPrefix("RELOADING=1") }.count } == 3)
        // Reloads that add no city ask nothing more.
        #expect(rig.source.calls.withLock { $0 } == 2)

        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }

    /// Loop → delivery worker → running cycle → persist → running attempts → exit.
    @Test func aStopWaitsForTheCycleThenSavesThenWaitsForAttempts() async throws {
        let rig = DaemonRig()
        let daemon = try rig.makeDaemon()
        rig.receiver.hold()
        daemon.start()
        // The first cycle fired Paris's alert; its delivery is running, held.
        #expect(await eventually { rig.receiver.attempts.withLock { $0 } == 1 })
        // The attempt may start before the control queue has saved the cycle's state.
        #expect(await eventually { (try? savedState(rig).lastCycleCompletedAt) != nil })
        let first = try #require(try savedState(rig).lastCycleCompletedAt)

        rig.source.hold()
        rig.clock.advance(60)
        daemon.pollNow()
        #expect(await eventually { rig.source.calls.withLock { $0 } == 2 })
        rig.stop(daemon)
        #expect(await eventually { rig.logger.index(of: "for the running cycle") != nil })
        #expect(rig.notified.withLock { $0.contains("STOPPING=1") })
        // Held in the cycle: nothing is saved yet and the daemon has not exited.
        #expect(try savedState(rig).lastCycleCompletedAt == first)
        #expect(rig.exits.withLock { $0 }.isEmpty)
        // No new cycle once the loop is stopped.
        daemon.pollNow()

        rig.source.release()
        #expect(await eventually { rig.logger.index(of: "for running delivery attempts") != nil })
        // The cycle's state is saved before the attempts are waited for.
        #expect(try savedState(rig).lastCycleCompletedAt == first + Duration.seconds(60))
        #expect(rig.exits.withLock { $0 }.isEmpty)

        rig.receiver.release()
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
        let stopping = try #require(rig.logger.index(of: "breezed stopping (test)"))
        let waitCycle = try #require(rig.logger.index(of: "for the running cycle"))
        let secondReading = try #require(rig.logger.index(of: "Paris: AQI", after: waitCycle))
        let waitAttempts = try #require(rig.logger.index(of: "for running delivery attempts"))
        #expect(stopping < waitCycle && waitCycle < secondReading && secondReading < waitAttempts)
        #expect(rig.source.calls.withLock { $0 } == 2)
        #expect(rig.receiver.attempts.withLock { $0 } == 1)
    }

    /// When the alert event is logged (it is in the outbox then), state.json does not yet say
    /// the alert fires: a crash between the two sends the event again, never loses it.
    @Test func theOutboxHasTheEventsBeforeTheStateAdvances() async throws {
        let rig = DaemonRig()
        let daemon = try rig.makeDaemon()
        rig.receiver.hold()
        let seen = Locked<(outbox: [String], firing: Bool?)?>(nil)
        let state = rig.state
        rig.logger.onRecord.withLock {
            $0 = { record in
                let event = DaemonEvent.firing.rawValue
                guard record.fields.contains(where: { $0.name == "BREEZE_EVENT" && $0.value == event }) else { return }
                let outbox = Outbox(stateDirectory: state).scan().entries.map(\.event.id)
                let firing = try? DaemonRigDisk.firing(state: state, city: "Paris")
                seen.withLock { $0 = (outbox, firing) }
            }
        }
        daemon.start()
        #expect(await eventually { seen.withLock { $0 } != nil })
        let atEvent = try #require(seen.withLock { $0 })
        #expect(atEvent.outbox.count == 1)
        #expect(atEvent.firing != true)
        #expect(await eventually { (try? DaemonRigDisk.firing(state: state, city: "Paris")) == true })
        rig.receiver.release()
        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }

    func savedState(_ rig: DaemonRig) throws -> DaemonState {
        guard case .loaded(let state) = try StateStore(stateDirectory: rig.state).load(now: rig.clock.now().wall) else {
            return DaemonState()
        }
        return state
    }
}

enum DaemonRigDisk {
    /// Whether state.json says `city`'s alert fires (nil when there is no state file yet).
    static func firing(state: String, city: String) throws -> Bool? {
        guard case .loaded(let document) = try StateStore(stateDirectory: state).load(now: Instant(unixSeconds: 1_787_234_400)) else {
            return nil
        }
        return document.cities[city]?.alert.firing
    }
}
