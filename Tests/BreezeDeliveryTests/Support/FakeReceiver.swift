import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeOutboxValues
import Foundation
import Synchronization
import BreezeVocabulary

/// A receiver that answers from a script (then `.delivered`) and records every attempt.
final class FakeReceiver: Receiver {
    let name: String
    let delivery: DeliverySettings
    let refreshesWhileFiring: Bool
    private let script = Mutex<[DeliveryOutcome]>([])
    private let log = Mutex<[(id: String, at: Instant)]>([])
    /// When the receiver is `held`: each attempt waits for one `release`.
    private let gate: DispatchSemaphore?

    init(_ name: String, maxAge: Duration = .seconds(86_400), refreshes: Bool = false, held: Bool = false,
         script: [DeliveryOutcome] = []) {
        self.name = name
        self.delivery = DeliverySettings(maxAge: maxAge)
        self.refreshesWhileFiring = refreshes
        self.gate = held ? DispatchSemaphore(value: 0) : nil
        self.script.withLock { $0 = script }
    }

    /// Lets `attempts` more held attempts answer (at once for those already waiting).
    func release(_ attempts: Int = 1) {
        for _ in 0..<attempts { gate?.signal() }
    }

    func answer(_ outcomes: [DeliveryOutcome]) { script.withLock { $0 += outcomes } }

    /// The ids attempted, in order.
    var attempted: [String] { log.withLock { $0.map(\.id) } }

    func deliver(_ event: AlertEvent, at now: Instant) -> DeliveryOutcome {
        log.withLock { $0.append((event.id, now)) }
        gate?.wait()
        return script.withLock { $0.isEmpty ? .delivered : $0.removeFirst() }
    }
}

/// An event of `kind` for `city`, numbered `number`.
func event(
    _ number: Int, city: String = "Paris", kind: AlertEventKind = .firing, band: Band = .unhealthy
) -> AlertEvent {
    AlertEvent(
        id: "\(city.lowercased())-1000-\(number)-\(kind.rawValue)", kind: kind,
        city: City(name: city, latitude: 48.85, longitude: 2.35), aqi: band.lowerBound + 1, band: band,
        previousBand: nil, dominantPollutant: .pm2_5, concentrations: [.pm2_5: 60], pollutantsOverLimit: [],
        observedAt: "2026-08-20T14:00", createdAt: Instant(unixSeconds: 1000))
}

/// A fresh entry for `receiver`, created at `at`.
func entry(_ number: Int, receiver: String = "ops", city: String = "Paris", kind: AlertEventKind = .firing,
           band: Band = .unhealthy, at: Instant = 1000) -> OutboxEntry {
    OutboxEntry(event: event(number, city: city, kind: kind, band: band), receiver: receiver,
                sequence: UInt64(number), createdAt: at)
}

/// A new empty folder under the temporary directory.
func temporaryFolder() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-outbox-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

extension DeliveryAction {
    /// A short text for assertions: `attempt ops 1`, `save ops 1`, `bury ops 1: reason`, …
    var summary: String {
        switch self {
        case .attempt(let entry, let receiver): "attempt \(receiver.name) \(entry.sequence)"
        case .attemptGroup(let entries, _, let receiver):
            "attempt group \(receiver.name) " + entries.map { String($0.sequence) }.joined(separator: ",")
        case .save(let entry): "save \(entry.receiver) \(entry.sequence)"
        case .remove(let entry): "remove \(entry.receiver) \(entry.sequence)"
        case .bury(let entry, let reason): "bury \(entry.receiver) \(entry.sequence): \(reason)"
        case .report(let report):
            switch report {
            case .delivered(let entry): "delivered \(entry.receiver) \(entry.sequence)"
            case .deliveredInGroup(let entry, _, let size): "delivered \(entry.receiver) \(entry.sequence) in \(size)"
            case .partlyDelivered(let entry, let refused, let group):
                "delivered \(entry.receiver) \(entry.sequence)\(group.map { " in \($0.size)" } ?? ""), but \(refused)"
            case .spooled(let entry, let path, let group):
                "spooled \(entry.receiver) \(entry.sequence)\(group.map { " in \($0.size)" } ?? "") to \(path)"
            case .failed(let entry, let error, let final): "failed \(entry.receiver) \(entry.sequence)\(final ? " final" : ""): \(error)"
            case .receiverGone(let receiver, let reason, let buried): "gone \(receiver) (\(buried)): \(reason)"
            case .waitingForReceiver(let receiver, let entries): "waiting for \(receiver) (\(entries))"
            case .held(let entry, let until): "held \(entry.receiver) \(entry.sequence) until \(Int(until.unixSeconds))"
            case .superseded(let entry, let resolve): "superseded \(entry.receiver) \(entry.sequence) by \(resolve.sequence)"
            case .storageFailed(let text): "storage: \(text)"
            }
        }
    }
}
