// libFuzzer target: one outbox file read as the outbox reads it, then what the delivery
// queues and breezectl do with an entry that reads: its file name, a failed attempt counted
// on, a retry scheduled, its times written, the summary.
// Built and run by scripts/fuzz; a crash found is kept in Tests/Fuzz/Corpus/outbox.
import BreezeAlerts
@testable import BreezeDelivery
import BreezeOutboxValues
import BreezeVocabulary

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOutboxEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let entry = try? OutboxEntry.decoded(from: bytes) else { return 0 }
    _ = entry.fileName
    _ = TimeText.rfc3339(entry.createdAt)
    _ = TimeText.rfc3339(entry.nextAttemptAt)
    _ = TimeText.local(entry.heldUntil ?? Instant(unixSeconds: 0))
    let now = Instant(unixSeconds: 1_800_000_000)
    var queues = DeliveryQueues(targets: [], quietHours: { _, _, _ in nil })
    queues.add([entry])
    _ = queues.step(now: now)
    _ = queues.finished(entry, outcome: .retry(reason: "HTTP 503", retryAfter: .seconds(60)), now: now, randomUnit: 0.5)
    var scan = OutboxScan()
    scan.entries = [entry]
    _ = OutboxSummary(scan, now: now)
    return 0
}
