import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeOpenMeteo
import BreezeSystem
import BreezeVocabulary
import Dispatch
import Foundation
import Synchronization

@testable import BreezeDaemon

/// A source that answers every city with `aqi`, and can be held inside a fetch (a cycle that
/// runs while the daemon stops).
final class HeldSource: AirQualitySource {
    let aqi = Mutex(180)
    let calls = Mutex(0)
    private let gate = Mutex<DispatchSemaphore?>(nil)

    /// The next fetches wait until `release`.
    func hold() { gate.withLock { $0 = DispatchSemaphore(value: 0) } }

    func release() { gate.withLock { $0 }?.signal() }

    func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
        calls.withLock { $0 += 1 }
        gate.withLock { $0 }?.wait()
        let aqi = aqi.withLock { $0 }
        return cities.map { _ in
            .success(
                Reading(
                    time: "2026-08-20T14:00", usAQI: aqi, concentrations: [.pm2_5: Double(aqi) / 3],
                    subIndices: [.pm2_5: aqi]))
        }
    }
}

/// A receiver named `name` whose attempts can be held until `release` (an attempt running
/// while the daemon stops).
final class HeldReceiver: Receiver {
    let name: String
    let delivery = DeliverySettings(maxAge: .seconds(86_400))
    var refreshesWhileFiring: Bool { false }
    let attempts = Mutex(0)
    private let gate = Mutex<DispatchSemaphore?>(nil)

    init(_ name: String) { self.name = name }

    func hold() { gate.withLock { $0 = DispatchSemaphore(value: 0) } }

    func release() { gate.withLock { $0 }?.signal() }

    func deliver(_ event: AlertEvent, at now: Instant) -> DeliveryOutcome {
        attempts.withLock { $0 += 1 }
        gate.withLock { $0 }?.wait()
        return .delivered
    }
}

/// A clock the test moves by hand, at the time the scripted readings were taken.
final class FakeClock: Sendable {
    private let reading = Mutex(ClockReading(monotonic: 1000, wall: Instant(unixSeconds: 1_787_234_400)))
    func now() -> ClockReading { reading.withLock { $0 } }
    func advance(_ seconds: Double) {
        reading.withLock { $0 = ClockReading(monotonic: $0.monotonic + seconds, wall: $0.wall + .seconds(seconds)) }
    }
}

/// Records what the daemon logs, and lets a test look at the disk the moment a record is made.
final class ProbeLogger: Logger {
    private let storage = Mutex<[LogRecord]>([])
    let onRecord = Mutex<(@Sendable (LogRecord) -> Void)?>(nil)

    func log(_ record: LogRecord) {
        onRecord.withLock { $0 }?(record)
        storage.withLock { $0.append(record) }
    }

    var messages: [String] { storage.withLock { $0.map(\.message) } }

    /// Where the first message containing `text` is, in order.
    func index(of text: String, after start: Int = 0) -> Int? {
        let all = messages
        return all.indices.first { $0 >= start && all[$0].contains(text) }
    }
}

/// A `Daemon` on a temporary configuration file, a fake clock, a held source and a held
/// receiver "ops", notifications recorded.
final class DaemonRig: Sendable {
    let folder = NSTemporaryDirectory() + "breeze-daemon-\(UUID().uuidString)"
    var path: String { folder + "/breezed.conf" }
    var state: String { folder + "/state" }
    let source = HeldSource()
    let receiver = HeldReceiver("ops")
    let clock = FakeClock()
    let logger = ProbeLogger()
    let notified = Locked<[String]>([])
    let exits = Locked<[Int32]>([])

    func configuration(cities: [String] = ["Paris"], stateDirectory: String? = nil) -> String {
        var text = "[Breeze]\nPollInterval=15min\nJitter=0\nStateDirectory=\(stateDirectory ?? state)\n"
        text += "[Alert]\nConfirmAfter=1\n[Webhook \"ops\"]\nURL=https://hooks.example.com/a\n"
        // No listener: unit tests bind no port (the listener has tests of its own).
        text += "[Web]\nListen=\n"
        for city in cities { text += "[City \"\(city)\"]\nLatitude=48.85\nLongitude=2.35\n" }
        return text
    }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func makeDaemon() throws -> Daemon {
        try write(configuration())
        let loaded = try ConfigurationLoader.load(path: path, environment: [:])
        let (source, receiver, clock, notified) = (source, receiver, clock, notified)
        let environment = DaemonEnvironment(
            logger: logger,
            notifier: ServiceNotifier { message in
                notified.withLock { $0.append(message) }
                return true
            },
            makeSource: { _ in source }, makeReceivers: { _ in [receiver] }, variables: [:],
            clock: { clock.now() }, random: { 0.5 }, version: "9.9-test")
        return try Daemon(configurationPath: path, loaded: loaded, environment: environment)
    }

    func stop(_ daemon: Daemon, grace: Duration = .seconds(30)) {
        let exits = self.exits
        daemon.stop(reason: "test", grace: grace) { code in exits.withLock { $0.append(code) } }
    }

    func snapshot(_ daemon: Daemon) async -> DaemonSnapshot {
        await withCheckedContinuation { continuation in daemon.snapshot { continuation.resume(returning: $0) } }
    }
}

/// A value shared between the daemon's queues and the test.
final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) { storage = Mutex(value) }

    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result { storage.withLock { body(&$0) } }
}
