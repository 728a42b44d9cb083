import BreezeVocabulary

/// The top of every page: the version, when the last cycle completed, when the next poll runs,
/// the outbox at a glance, and a warning when the daemon looks stopped (as `breezectl status`
/// judges it: no cycle within three intervals).
enum DashboardHeader {
    /// The header of `context`'s snapshot.
    static func write(_ context: DashboardContext, into html: inout HTMLWriter) {
        let snapshot = context.snapshot
        html.element("header", ["class": "top"]) { html in
            html.element("h1") { html in html.element("a", ["href": "/"], "Breeze") }
            html.element("p", ["class": "meta"], "breezed " + snapshot.version + " · " + cycleText(context))
            if context.isStale {
                html.element("p", ["class": "warning", "role": "alert"], staleText(context))
            }
            if let deliveries = snapshot.deliveries, deliveries.pending > 0 || deliveries.dead > 0 {
                let held = deliveries.receivers.reduce(0) { $0 + $1.held }
                html.element("p", ["class": "meta"]) { html in
                    html.write("Outbox: \(deliveries.pending) pending")
                    // Each receiver's name isolated (`<bdi>`), as a city's is.
                    for (index, receiver) in deliveries.receivers.enumerated() {
                        html.write(index == 0 ? " (" : ", ")
                        html.name(receiver.name)
                        html.write(" \(receiver.pending)" + (index == deliveries.receivers.count - 1 ? ")" : ""))
                    }
                    html.write(
                        (held > 0 ? ", \(held) held by quiet hours" : "")
                            + (deliveries.dead > 0 ? ", \(deliveries.dead) given up" : ""))
                }
            }
        }
    }

    /// "last cycle 14:05 CET (3min ago) · next poll 14:20 CET", or "running now".
    static func cycleText(_ context: DashboardContext) -> String {
        let snapshot = context.snapshot
        var parts: [String] = []
        if let last = snapshot.state.lastCycleCompletedAt {
            parts.append("last cycle " + context.time(last) + context.age(last))
        } else {
            parts.append("no cycle completed yet")
        }
        if snapshot.cycleRunning {
            parts.append("a cycle is running")
        } else if let next = snapshot.nextPollAt {
            parts.append("next poll " + context.time(next))
        }
        parts.append("page refreshes every " + DurationText.age(.seconds(PageDocument.refreshSeconds(snapshot.pollInterval))))
        return parts.joined(separator: " · ")
    }

    /// Why the page is probably out of date.
    static func staleText(_ context: DashboardContext) -> String {
        guard let last = context.snapshot.state.lastCycleCompletedAt else {
            return "No poll cycle has completed yet: these cities have no readings from this run."
        }
        if last > context.now {
            return "The last cycle's time lies in the future (written while the clock ran ahead): the readings may be old."
        }
        return "The last cycle completed more than three poll intervals ago: the readings are out of date."
    }
}
