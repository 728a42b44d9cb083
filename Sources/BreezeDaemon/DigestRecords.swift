import BreezeAlerts
import BreezeSystem

extension DaemonRecords {
    /// A daily digest written to the outbox (info): `BREEZE_RECEIVER`, `BREEZE_DIGEST_DAY`,
    /// `BREEZE_DIGEST_CITIES` (how many cities it covers) and `BREEZE_DIGEST_ATTENTION` (how
    /// many need attention), with its id.
    static func digest(_ event: AlertEvent) -> LogRecord {
        let digest = event.digest ?? DigestDetails(day: "", receiver: "", cities: [])
        let attention = digest.attention.count
        let state = attention == 0 ? "all clear" : "\(attention) needing attention"
        return record(
            .info, .digest,
            "daily digest for \(digest.receiver) (\(digest.day)) is in the outbox: "
                + "\(DigestDetails.count(digest.cities.count, "city", "cities")), \(state)",
            [
                ("BREEZE_EVENT", DaemonEvent.digest.rawValue), ("BREEZE_RECEIVER", digest.receiver),
                ("BREEZE_DIGEST_DAY", digest.day), ("BREEZE_DIGEST_CITIES", String(digest.cities.count)),
                ("BREEZE_DIGEST_ATTENTION", String(attention)), ("BREEZE_ALERT_ID", event.id),
            ])
    }
}
