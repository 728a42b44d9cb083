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
