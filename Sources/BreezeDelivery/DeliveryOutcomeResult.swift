import BreezeOutboxValues

extension DeliveryResult {
    /// What an attempt's outcome counts as; nil for those whose entry is given up, which
    /// count as `dead` when it is moved to `dead/`.
    init?(_ outcome: DeliveryOutcome) {
        switch outcome {
        case .delivered, .partlyDelivered: self = .delivered
        case .spooled: self = .spooled
        case .retry: self = .failed
        case .permanent, .gone: return nil
        }
    }
}
