import BreezeVocabulary

/// Which time a sample is given: the device's own, when it is plausible beside the moment its
/// answer arrived — not more than `aheadLimit` ahead (a clock running fast would put samples
/// in hours still to come) and not more than `behindLimit` behind (a device whose clock never
/// synced reports 1970, or a stale cache) — else the arrival.
enum SampleTime {
    static let aheadLimit = Duration.seconds(60)
    static let behindLimit = Duration.seconds(3600)

    static func plausible(_ device: Instant, receivedAt: Instant) -> Instant {
        let ahead = device - receivedAt
        return ahead <= aheadLimit && ahead >= .zero - behindLimit ? device : receivedAt
    }
}

extension SampleTime {
    /// The unix time of `2026-07-29T14:00` or `…T14:00:05` read as UTC (`TimeText`'s reader of
    /// Open-Meteo's form), nil for anything else, including a date that is not one (30
    /// February, which that reader would run on into March).
    static func utcSeconds(_ text: String) -> Double? {
        guard let seconds = TimeText.unixSeconds(openMeteo: text), seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        let date = CivilCalendar.time(Int(seconds), offset: 0).date
        return text.hasPrefix(date.description) ? seconds : nil
    }
}
