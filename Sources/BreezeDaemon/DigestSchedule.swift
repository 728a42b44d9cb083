import BreezeAlerts
import BreezeVocabulary
import FoundationEssentials

/// A receiver with a daily digest (`Digest=`): when, in which zone, about which cities.
struct DigestReceiver: Sendable, Equatable {
    var name: String
    /// `Digest=`, minutes after local midnight.
    var minute: Int
    /// The receiver's `TimeZone=`, else the system's.
    var zone: CivilZone
    /// The cities whose `Notify=` routes to it, in configuration order.
    var cities: [String]
}

/// When digests are due: a receiver's digest is due once its local time has reached
/// `Digest=` on a local day it has none for yet (`DaemonState.digestsSent`). Pure: the daemon
/// gives it the clock.
///
/// Reading the local wall clock rather than computing the instant makes the clock changes
/// come out right: on a day whose `Digest=` time is skipped (02:30 on a spring-forward night)
/// the digest goes once the clock is past it (03:00); on a day where it comes twice only the
/// first counts, the day having one already. A day marked later than today (the clock set
/// back) has its digest: never two for one day.
enum DigestSchedule {
    /// One digest due: for `receiver`, about its local `day`.
    struct Due: Sendable, Equatable {
        var receiver: DigestReceiver
        var day: LocalDay
    }

    /// The digests due at `now`, in `receivers`' order.
    static func due(_ receivers: [DigestReceiver], sent: [String: String], now: Instant) -> [Due] {
        receivers.compactMap { receiver in
            guard let today = LocalDay(now, in: receiver.zone), !hasDigest(receiver, on: today, sent: sent),
                minuteOfDay(now, in: receiver.zone) >= receiver.minute
            else { return nil }
            return Due(receiver: receiver, day: today)
        }
    }

    /// When the next digest is due after those due at `now` are written: the earliest of each
    /// receiver's `Digest=` time on its first local day without one; nil without receivers.
    /// A receiver due now counts as due at `now`.
    static func next(_ receivers: [DigestReceiver], sent: [String: String], now: Instant) -> Instant? {
        let dueNow = Set(due(receivers, sent: sent, now: now).map(\.receiver.name))
        return receivers.compactMap { receiver -> Instant? in
            if dueNow.contains(receiver.name) { return now }
            guard let today = LocalDay(now, in: receiver.zone) else { return nil }
            let day = hasDigest(receiver, on: today, sent: sent) ? today.next : today
            // Today's time not reached by the wall clock yet may still lie behind `now` in a
            // gap at the day's end: then the next day's.
            if let moment = firstMoment(day, minute: receiver.minute, zone: receiver.zone), moment > now { return moment }
            return firstMoment(day.next, minute: receiver.minute, zone: receiver.zone)
        }.min()
    }

    /// Whether `receiver` has its digest for `day` (or a later one).
    static func hasDigest(_ receiver: DigestReceiver, on day: LocalDay, sent: [String: String]) -> Bool {
        guard let text = sent[receiver.name], let last = LocalDay(text: text) else { return false }
        return last >= day
    }

    /// Minutes since local midnight at `instant` in `zone` (the wall clock's hour and minute).
    static func minuteOfDay(_ instant: Instant, in zone: CivilZone) -> Int {
        let seconds = instant.unixSeconds
        guard seconds.isFinite, abs(seconds) < 1e12 else { return 0 }
        return CivilCalendar.time(Int(seconds.rounded(.down)), in: zone).minuteOfDay
    }

    /// The first instant of local `day` in `zone` whose wall clock reads `minute` or later:
    /// the time itself, or the end of the gap it falls in on a spring-forward day; nil when
    /// the day ends in the gap.
    static func firstMoment(_ day: LocalDay, minute: Int, zone: CivilZone) -> Instant? {
        CivilCalendar.firstInstant(of: day, atMinute: minute, in: zone).map { Instant(unixSeconds: Double($0)) }
    }
}
