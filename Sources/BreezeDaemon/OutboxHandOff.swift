import BreezeAlerts
import BreezeDelivery
import BreezeSystem
import BreezeState
import BreezeVocabulary

/// Puts a cycle's events in the outbox, and lets a city's alert state advance only when its
/// events are there: a city whose entry cannot be written (disk full, read-only folder) gets
/// its state from before the cycle back, so the next cycle raises the same event again —
/// with the same id, the episode being the observation time — until it is written. An
/// event is logged once it is in the outbox; the write failure once per condition.
enum OutboxHandOff {
    static func run(
        _ summary: inout CycleSummary, state: inout DaemonState, routing: DeliveryRouting,
        delivery: DeliveryWorker, logger: any Logger, failures: FailureLatch, now: Instant
    ) {
        let requests = routing.requests(events: summary.events, state: state, now: now)
        let failed = requests.isEmpty ? [] : delivery.submit(requests)
        var keptBack: Set<String> = []
        for failure in failed where !failure.request.isRefresh { keptBack.insert(failure.request.event.city.name) }
        for name in keptBack {
            if let before = summary.forecastsBefore[name] { state.cities[name]?.forecast = before }
            if let before = summary.sensitiveAlertsBefore[name] { state.cities[name]?.sensitiveAlert = before }
            if let before = summary.sourceAlertsBefore[name] { state.cities[name]?.sourceAlerts = before }
            guard let before = summary.alertsBefore[name], var record = state.cities[name] else { continue }
            if record.alert.firing != before.firing { summary.alerting += before.firing ? 1 : -1 }
            record.alert = before
            state.cities[name] = record
        }
        summary.events.removeAll { keptBack.contains($0.city.name) }
        for event in summary.events { logger.log(DaemonRecords.alert(event)) }
        if let first = failed.first {
            // The reason alone names the condition: the file name differs for every entry.
            if failures.failed(first.error.reason) {
                let message = "cannot write an entry: \(first.error); "
                    + "\(keptBack.count) \(keptBack.count == 1 ? "city keeps its" : "cities keep their") alert state "
                    + "and \(keptBack.count == 1 ? "its event is" : "their events are") raised again until written"
                logger.log(DeliveryRecords.record(.storageFailed(message)))
            }
        } else if !requests.isEmpty, failures.succeeded() {
            logger.log(LogRecord(.notice, "outbox: writable again; kept-back events are written"))
        }
    }
}
