import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeOpenMeteo
import BreezeSystem
import BreezeVocabulary
import BreezeWeb
import Foundation
import Synchronization
import BreezeTestSupport
import Testing

@testable import BreezeDaemon

/// A source whose cycles are scripted: which cities get data, the requests each fetch reports,
/// and how long the fetch takes on the fake clock.
final class CountingSource: AirQualitySource {
    let failing = Mutex<Set<String>>([])
    let requests = Mutex<[String: Int]>(["ok": 1])
    let calls = Mutex(0)
    let clock: FakeClock
    let takes = Mutex(3.0)

    init(clock: FakeClock) { self.clock = clock }

    func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
        var ignored: [String: Int] = [:]
        return polls(for: cities, deadline: deadline, requests: &ignored).map { $0.map(\.reading) }
    }

    func polls(for cities: [City], deadline: Deadline, requests counted: inout [String: Int])
        -> [Result<CityPoll, SourceFailure>]
    {
        calls.withLock { $0 += 1 }
        clock.advance(takes.withLock { $0 })
        for (result, count) in requests.withLock({ $0 }) { counted[result, default: 0] += count }
        let failing = failing.withLock { $0 }
        return cities.map { city in
            failing.contains(city.name)
                ? .failure(SourceFailure(message: "Open-Meteo unreachable: timed out", permanent: false))
                : .success(CityPoll(reading: Reading(time: "2026-08-20T14:00", usAQI: 180, concentrations: [.pm2_5: 60])))
        }
    }
}

/// A receiver whose attempts answer from a script, then deliver.
final class ScriptedReceiver: Receiver {
    let name: String
    let delivery = DeliverySettings(maxAge: .seconds(86_400))
    var refreshesWhileFiring: Bool { false }
    let outcomes: Mutex<[DeliveryOutcome]>
    let attempts = Mutex(0)

    init(_ name: String, _ outcomes: [DeliveryOutcome]) {
        self.name = name
        self.outcomes = Mutex(outcomes)
    }

    func deliver(_ event: AlertEvent, at now: Instant) -> DeliveryOutcome {
        attempts.withLock { $0 += 1 }
        return outcomes.withLock { $0.isEmpty ? .delivered : $0.removeFirst() }
    }
}

/// The counters a real `Daemon` keeps on its queues: cycles by result and their durations by
/// the injected clock, the source's requests, deliveries by receiver; a reload keeps them.
struct DaemonCounterTests {
    func makeDaemon(_ rig: DaemonRig, source: CountingSource, receivers: [any Receiver], cities: [String]) throws -> Daemon {
        var text = rig.configuration(cities: cities)
        text += "[Webhook \"pager\"]\nURL=https://hooks.example.com/b\n"
        try rig.write(text)
        let loaded = try ConfigurationLoader.load(path: rig.path, environment: [:])
        let clock = rig.clock
        let environment = DaemonEnvironment(
            logger: rig.logger, notifier: ServiceNotifier { _ in true },
            makeSource: { _ in source }, makeReceivers: { _ in receivers }, variables: [:],
            clock: { clock.now() }, random: { 0.5 }, version: "9.9-test")
        return try Daemon(configurationPath: rig.path, loaded: loaded, environment: environment)
    }

    func counters(_ daemon: Daemon) async -> DaemonCounters {
        await withCheckedContinuation { continuation in daemon.counters { continuation.resume(returning: $0) } }
    }

    /// Whether the daemon's counters come to satisfy `condition` (looked at every 5 ms, 10 s at most).
    func countersEventually(_ daemon: Daemon, _ condition: (DaemonCounters) -> Bool) async -> Bool {
        for _ in 0..<2000 {
            if condition(await counters(daemon)) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition(await counters(daemon))
    }

    @Test func cyclesRequestsAndDeliveriesAreCountedAndAReloadKeepsThem() async throws {
        let rig = DaemonRig()
        let source = CountingSource(clock: rig.clock)
        source.requests.withLock { $0 = ["ok": 1, "timeout": 2] }
        let ops = ScriptedReceiver("ops", [.retry(reason: "503", retryAfter: .seconds(0)), .delivered])
        let pager = ScriptedReceiver("pager", [.permanent(reason: "400 bad payload")])
        let daemon = try makeDaemon(rig, source: source, receivers: [ops, pager], cities: ["Paris", "Tokyo"])
        daemon.start()
        // The first cycle: both cities get data, 3 s on the fake clock; both alerts fire.
        #expect(await eventually { source.calls.withLock { $0 } == 1 })
        #expect(await countersEventually(daemon) { !$0.pollCycles.isEmpty })
        var counted = await counters(daemon)
        #expect(counted.pollCycles == ["ok": 1])
        #expect(counted.apiRequests == ["ok": 1, "timeout": 2])
        #expect(counted.cycleDurations.count == 1)
        #expect(counted.cycleDurations.sum == 3)
        #expect(counted.cycleDurations.counts[DurationHistogram.bounds.firstIndex(of: 5)!] == 1)

        // Two events per receiver: pager refuses the first for good (dead) and takes the
        // second; ops fails the first (a retry in 4.5 s), the second waits behind it.
        #expect(await countersEventually(daemon) { $0.deliveries == ["ops": ["failed": 1], "pager": ["dead": 1, "delivered": 1]] })
        // The retry is due; the reload wakes the worker, which delivers both. Counted since
        // the start, through the reload.
        rig.clock.advance(10)
        try rig.write(rig.configuration(cities: ["Paris", "Tokyo"]) + "[Webhook \"pager\"]\nURL=https://hooks.example.com/b\n")
        daemon.reload()
        #expect(await eventually { rig.logger.index(of: "configuration reloaded: 2 cities") != nil })
        #expect(await countersEventually(daemon) { $0.deliveries["ops"] == ["failed": 1, "delivered": 2] })
        #expect(await counters(daemon).pollCycles == ["ok": 1])

        // A partial cycle (Tokyo fails) of 0.2 s and a failed one of 70 s.
        source.failing.withLock { $0 = ["Tokyo"] }
        source.takes.withLock { $0 = 0.2 }
        rig.clock.advance(60)
        daemon.pollNow()
        #expect(await eventually { source.calls.withLock { $0 } == 2 })
        #expect(await countersEventually(daemon) { $0.pollCycles == ["ok": 1, "partial": 1] })
        source.failing.withLock { $0 = ["Paris", "Tokyo"] }
        source.takes.withLock { $0 = 70 }
        rig.clock.advance(60)
        daemon.pollNow()
        #expect(await countersEventually(daemon) { $0.pollCycles == ["ok": 1, "partial": 1, "failed": 1] })
        counted = await counters(daemon)
        #expect(counted.apiRequests == ["ok": 3, "timeout": 6])
        #expect(counted.cycleDurations.count == 3)
        #expect(abs(counted.cycleDurations.sum - 73.2) < 1e-9)
        #expect(counted.cycleDurations.counts[DurationHistogram.bounds.firstIndex(of: 0.25)!] == 1)
        #expect(counted.cycleDurations.counts[DurationHistogram.bounds.firstIndex(of: 120)!] == 1)
        #expect(counted.deliveries["pager"] == ["dead": 1, "delivered": 1])

        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }

    @Test func theResultsTheSourcesCountAreTheOnesMetricsShowAtZero() {
        #expect(RequestResult.allCases.map(\.rawValue) == DaemonCounters.apiRequestResults)
        var summary = CycleSummary()
        #expect(summary.result == "ok")  // no cities: nothing failed
        summary.cities = 2
        #expect(summary.result == "failed")
        summary.citiesWithData = 1
        #expect(summary.result == "partial")
        summary.citiesWithData = 2
        #expect(summary.result == "ok")
        #expect(Set(["ok", "partial", "failed"]) == Set(DaemonCounters.pollCycleResults))
    }
}
