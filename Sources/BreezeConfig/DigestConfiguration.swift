import BreezeVocabulary

/// What the daily digests (`Digest=` on a receiver) ask of the rest of the configuration.
extension Configuration {
    /// The enabled receivers with `Digest=`, webhooks first, each in file order, with their
    /// settings. Alertmanager receivers are left out: a digest is not an alert.
    public var digestReceivers: [(name: String, delivery: DeliverySettings)] {
        let alertmanagers = Set(webhooks.filter { $0.format == .alertmanager }.map(\.name))
        return receiverDeliverySettings.filter { receiver in
            receiver.delivery.enabled && receiver.delivery.digestAt != nil && !alertmanagers.contains(receiver.name)
        }
    }

    /// Whether pollen and UV (every 3 h) and the climate trends (daily) are fetched: for the
    /// status page (`statusPageExtras`), or for a digest, which shows them.
    public var fetchesExtras: Bool { breeze.statusPageExtras || !digestReceivers.isEmpty }
}

extension ConfigurationCheck {
    /// `digest: ops at 07:30, family at 08:00 (each in its TimeZone=)`, and when the status
    /// page's extras are off what the digests add to the calls: `digest: +96 API calls/day for
    /// pollen and UV (every 3h), +72 for the climate trend (once a day), which it shows`.
    /// Nothing without a digest.
    public static func digestSummary(_ configuration: Configuration) -> [String] {
        let receivers = configuration.digestReceivers
        guard !receivers.isEmpty else { return [] }
        var lines = [
            "digest: " + receivers.map { "\($0.name) at \(ValueSyntax.clockText($0.delivery.digestAt ?? 0))" }.joined(separator: ", ")
                + " (each in its TimeZone=, else the system's)"
        ]
        if !configuration.breeze.statusPageExtras {
            let cities = configuration.cities.count
            lines.append(
                "digest: +\(APICost.pollenAndUVCallsPerDay(locations: cities)) API calls/day for pollen and UV "
                    + "(every \(DurationText.syntax(APICost.pollenAndUVInterval))), "
                    + "+\(APICost.climateTrendCallsPerDay(locations: cities)) for the climate trend (once a day), "
                    + "which the digest shows")
        }
        return lines
    }
}
