/// When a source observed its values: an `Instant`, read once from the source's text where the
/// answer is decoded, and the text itself, kept for files and for people when it is not a time
/// Breeze reads (a damaged state file). Nothing downstream parses the text again.
///
/// Written to files as the text (`"2026-08-20T14:00"`), so state.json and the outbox keep
/// their format.
public struct ObservationTime: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// As the source wrote it: `2026-08-20T14:00` (Open-Meteo's form, in GMT).
    public let text: String
    /// The instant `text` names; nil when it names none (`soon`, `2026-13-01T00:00`).
    public let instant: Instant?

    /// The observation time Open-Meteo wrote as `text` (`TimeText.unixSeconds(openMeteo:)`).
    public init(_ text: String) {
        self.text = text
        instant = TimeText.unixSeconds(openMeteo: text).map(Instant.init(unixSeconds:))
    }

    /// `instant`, written as Open-Meteo writes times (whole minutes, UTC).
    public init(_ instant: Instant) {
        self.init(TimeText.openMeteo(instant))
    }

    public init(stringLiteral text: String) { self.init(text) }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }

    /// RFC 3339 in UTC for receivers (`2026-08-20T14:00:00Z`); the text as written when it
    /// names no instant.
    public var rfc3339: String { instant.map { TimeText.rfc3339($0) } ?? text }
}
