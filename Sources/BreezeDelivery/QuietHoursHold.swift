import BreezeOutboxValues
import BreezeVocabulary

/// The wait stage: which of a receiver's entries goes next, with quiet hours applied on the way.
///
/// Quiet hours hold an entry without holding other cities' entries behind it, but later
/// entries of the same city wait with it (held as long) — unless one of them may go now (Very
/// Unhealthy, Hazardous): then the city's held entries go first, in order, their hold waived.
enum QuietHoursHold {
    /// The queue after holds and waivers (`result.kept`, each change with its reason), and the
    /// index in it of the entry that goes next, if one may.
    struct Selection: Sendable, Equatable {
        var result: StageResult
        var next: Int?
    }

    /// Walks `queue` in order at `now`; `holdUntil` says when quiet hours let an entry go
    /// (nil: now), and is asked only for entries quiet hours concern.
    static func select(_ queue: [OutboxEntry], now: Instant, holdUntil: (OutboxEntry) -> Instant?) -> Selection {
        var queue = queue
        var result = StageResult(kept: [])
        func changed(_ index: Int, _ reason: DeliveryReason) {
            result.changed.append(StageDecision(entry: queue[index], reason: reason))
        }
        func selection(_ next: Int?) -> Selection {
            result.kept = queue
            return Selection(result: result, next: next)
        }
        var heldCities: [String: (first: Int, until: Instant)] = [:]
        for index in queue.indices {
            let entry = queue[index]
            let city = orderKey(entry)
            let subject = applies(to: entry)
            if subject, let until = holdUntil(entry), until > now {
                if entry.heldUntil != until {
                    queue[index].heldUntil = until
                    changed(index, .quietHours(until: until))
                }
                heldCities[city] = (heldCities[city]?.first ?? index, max(heldCities[city]?.until ?? Instant(unixSeconds: 0), until))
                result.wake(at: until)
                continue
            }
            guard let (firstHeld, until) = heldCities[city] else { return selection(index) }
            guard subject else {
                if entry.heldUntil != until {
                    queue[index].heldUntil = until
                    changed(index, .waitsWithItsCity(until: until))
                }
                continue
            }
            for waived in firstHeld..<index where orderKey(queue[waived]) == city && !queue[waived].quietHoursWaived {
                queue[waived].quietHoursWaived = true
                queue[waived].heldUntil = nil
                changed(waived, .holdWaived)
            }
            return selection(firstHeld)
        }
        return selection(nil)
    }

    /// Whose order an entry keeps: its city's, per subject — an urgent AQI alert never takes a
    /// held pollen or UV alert through quiet hours, nor waits behind one.
    static func orderKey(_ entry: OutboxEntry) -> String {
        entry.event.about == .aqi ? entry.event.city.name : entry.event.city.name + "\u{0}" + entry.event.episodeSubject
    }

    /// Quiet hours concern the kinds `QuietHoursPolicy` holds (a forecast among them), not
    /// refreshes of an alert already delivered, nor entries whose hold was waived.
    static func applies(to entry: OutboxEntry) -> Bool {
        guard !entry.isRefresh, !entry.quietHoursWaived else { return false }
        return QuietHoursPolicy.concerns(entry.event.kind)
    }
}
