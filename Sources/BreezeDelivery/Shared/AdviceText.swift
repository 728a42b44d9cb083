import BreezeAlerts
import BreezeJSON
import BreezeModel

/// The advice a message carries for its receiver's `Audience=`: EPA's cautionary statement
/// (`CautionaryStatement`) for the event's dominant pollutant and the EPA category of its
/// band, next to the band's tips. One home for every format, so they all say the same.
enum AdviceText {
    /// The statement for `audience` about `event`; nil for an event without a band, or one that
    /// is not about the AQI (pollen, UV, a digest).
    static func statement(_ event: AlertEvent, audience: Audience) -> String? {
        guard event.kind != .digest, event.about == .aqi, let band = event.band else { return nil }
        return CautionaryStatement(audience: audience, pollutant: event.dominantPollutant, category: band.category).text
    }

    /// The json `data` object with `audience` (whom the message is written for) and `advice`
    /// (the statement, null when there is none).
    static func adding(to data: JSONValue, _ event: AlertEvent, audience: Audience) -> JSONValue {
        guard case .object(var members) = data else { return data }
        members["audience"] = .string(audience.rawValue)
        members["advice"] = .optional(statement(event, audience: audience))
        return .object(members)
    }
}

extension FormatContext {
    /// The advice for this receiver's audience about `event`, if any.
    func advice(_ event: AlertEvent) -> String? { AdviceText.statement(event, audience: audience) }
}
