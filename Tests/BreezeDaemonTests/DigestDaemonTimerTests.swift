import BreezeConfig
import BreezeState
import BreezeSystem
import BreezeVocabulary
import Foundation
import BreezeTestSupport
import Testing

@testable import BreezeDaemon

/// The whole `Daemon` on a fake clock (14:00:58 UTC, 20 August 2026): the digest's own timer
/// wakes it between polls, the state is saved the moment the digest is in the outbox, and a
/// reload recomputes the time.
struct DigestDaemonTimerTests {
    func daemon(_ rig: DaemonRig, digest: String) throws -> Daemon {
        try rig.write(configuration(rig, digest: digest))
        let loaded = try ConfigurationLoader.load(path: rig.path, environment: [:])
        let (source, receiver, clock, notified) = (rig.source, rig.receiver, rig.clock, rig.notified)
        let environment = DaemonEnvironment(
            logger: rig.logger,
            notifier: ServiceNotifier { message in
                notified.withLock { $0.append(message) }
                return true
            },
            makeSource: { _ in source }, makeReceivers: { _ in [receiver] }, variables: [:],
            clock: { clock.now() }, random: { 0.5 }, version: "9.9-test")
        return try Daemon(configurationPath: rig.path, loaded: loaded, environment: environment)
    }

    func configuration(_ rig: DaemonRig, digest: String) -> String {
        rig.configuration().replacingOccurrences(
            of: "URL=https://hooks.example.com/a\n", with: "URL=https://hooks.example.com/a\nDigest=\(digest)\nTimeZone=UTC\n")
    }

    func savedState(_ rig: DaemonRig) -> DaemonState? {
        guard case .loaded(let state) = try? StateStore(stateDirectory: rig.state).load(now: rig.clock.now().wall) else { return nil }
        return state
    }

    /// The first cycle is done (its status names the alert it raised).
    func firstCycleDone(_ rig: DaemonRig) async -> Bool {
        await eventually { rig.notified.withLock { $0.contains { $0.contains("1 alerting") } } }
    }

    @Test func theDigestGoesAtItsMinuteBetweenPollsAndIsSavedAtOnce() async throws {
        let rig = DaemonRig()
        rig.clock.advance(58)
        let daemon = try daemon(rig, digest: "14:01")
        daemon.start()
        #expect(await firstCycleDone(rig))
        #expect(rig.logger.index(of: "daily digest for") == nil)
        // The minute comes; no poll is due for 15 minutes: the digest's timer wakes the daemon.
        rig.clock.advance(3)
        #expect(await eventually { rig.logger.index(of: "daily digest for ops (2026-08-20) is in the outbox: 1 city, 1 needing attention") != nil })
        #expect(rig.source.calls.withLock { $0 } == 1)
        #expect(await eventually { savedState(rig)?.digestsSent == ["ops": "2026-08-20"] })
        // The firing, then the digest.
        #expect(await eventually { rig.receiver.attempts.withLock { $0 } == 2 })
        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }

    @Test func aReloadRecomputesTheTime() async throws {
        let rig = DaemonRig()
        let daemon = try daemon(rig, digest: "23:00")
        daemon.start()
        #expect(await firstCycleDone(rig))
        // 14:00 now: a digest at 14:00 is due at once, at the reload.
        try rig.write(configuration(rig, digest: "14:00"))
        daemon.reload()
        #expect(await eventually { rig.logger.index(of: "daily digest for ops (2026-08-20)") != nil })
        #expect(rig.source.calls.withLock { $0 } == 1)
        // And once only: a second reload sends nothing more.
        daemon.reload()
        #expect(await eventually { rig.notified.withLock { $0.filter { $0.hasPrefix("RELOADING=1") }.count } == 2 })
        #expect(await eventually { rig.logger.messages.filter { $0.contains("configuration reloaded") }.count == 2 })
        #expect(rig.logger.messages.filter { $0.contains("daily digest for") }.count == 1)
        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }
}
