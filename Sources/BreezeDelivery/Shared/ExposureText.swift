import BreezeAlerts
import BreezeJSON
import BreezeModel
import BreezeVocabulary

/// What every format shows of a pollen or UV event, beside `AlertText`: the title, the
/// sentence of an episode that was over before it could be sent, the json `type` and data
/// members, the email's lines. Each returns nil for the AQI's events, so the formats branch
/// to it with one line.
enum ExposureText {
    /// `Paris: Birch pollen High (95 grains/m³)`, `Paris: pollen worse, …`, `Paris: pollen
    /// back to Moderate`, `Paris: UV 8.1, Very High`; with an unannounced episode `Paris:
    /// pollen was High 09:00–15:00 CEST, now Moderate`.
    static func title(_ text: AlertText) -> String? {
        let event = text.event
        guard let (name, now) = subjectAndLevel(event) else { return nil }
        let place = text.place
        if let episode = text.episode {
            return "\(place): \(name) was \(announced(event) ?? "alerting") \(text.episodeSpan(episode)), now \(now)"
        }
        switch event.kind {
        case .escalated: return "\(place): \(name) worse, \(now)"
        case .resolved: return "\(place): \(name) back to \(now)"
        default: return "\(place): \(event.pollen?.phrase ?? "\(name) \(now)")"
        }
    }

    /// For a resolve standing for an episode the receiver never heard of: `Pollen in Paris
    /// was High 09:00–15:00 CEST, now resolved: Birch pollen Moderate (40 grains/m³)`.
    static func sentence(_ text: AlertText) -> String? {
        let event = text.event
        guard event.about != .aqi, let episode = text.episode else { return nil }
        let subject = event.about == .uv ? "UV" : "Pollen"
        let now = event.pollen?.phrase ?? event.uv.map { "UV index \(AlertEvent.uvText($0.index)), \($0.band.label)" } ?? ""
        return "\(subject) in \(text.place) was \(announced(event) ?? "alerting") \(text.episodeSpan(episode)), now resolved: \(now)"
    }

    /// The json `type`: `breeze.pollen.firing`, `breeze.uv.resolved`, `breeze.source-stale` and
    /// `breeze.source-back`; the AQI's `breeze.alert.<kind>`.
    static func eventType(_ event: AlertEvent) -> String {
        if event.kind == .digest { return "breeze.digest" }
        // A sensor's episode has the journal's names: source-stale, then source-back.
        if event.about == .source { return event.kind == .resolved ? "breeze.source-back" : "breeze.source-stale" }
        let family = event.about == .aqi ? "alert" : event.about.rawValue
        return "breeze.\(family).\(event.kind.rawValue)"
    }

    /// Adds `subject` and `pollen` (`{level, type, count, counts, threshold, previousLevel}`) or
    /// `uv` (`{index, band, range, threshold, previousBand}`) to a json event's data.
    static func addData(_ event: AlertEvent, to members: inout [String: JSONValue]) {
        guard event.about != .aqi else { return }
        members["subject"] = .string(event.about.rawValue)
        SourceText.addData(event, to: &members)
        if let pollen = event.pollen {
            var counts: [String: JSONValue] = [:]
            for (type, count) in pollen.counts { counts[type.rawValue] = .number(count) }
            members["pollen"] = .object([
                "level": .string(pollen.level.slug), "label": .string(pollen.level.label),
                "type": .optional(pollen.type?.rawValue),
                "count": pollen.type.flatMap { pollen.counts[$0] }.map(JSONValue.number) ?? .null,
                "unit": .string("grains/m³"), "counts": .object(counts), "threshold": .string(pollen.threshold.slug),
                "previousLevel": .optional(pollen.previousLevel?.slug),
            ])
        }
        if let uv = event.uv {
            members["uv"] = .object([
                "index": .number(uv.index), "band": .string(uv.band.slug), "label": .string(uv.band.label),
                "range": .string(uv.band.range), "threshold": .integer(uv.threshold),
                "previousBand": .optional(uv.previousBand?.slug),
            ])
        }
    }

    /// The email's lines for a pollen or UV event, from the message to the signature.
    static func mailBody(_ text: AlertText, hostname: String) -> [String]? {
        if let lines = SourceText.mailBody(text, hostname: hostname) { return lines }
        let event = text.event
        guard event.about != .aqi else { return nil }
        var lines = [text.message, "", change(event), ""]
        lines.append("City:      \(text.place) (\(event.city.latitude), \(event.city.longitude))")
        if let pollen = event.pollen {
            lines.append("Pollen:    \(pollen.phrase); alert at \(pollen.threshold.label)")
            let others = PollenType.allCases.filter { $0 != pollen.type }.compactMap { type in
                pollen.counts[type].map { "\(type.label) \(PollenDetails.format($0)) grains/m³" }
            }
            if !others.isEmpty { lines.append("Also:      " + others.joined(separator: ", ")) }
        }
        if let uv = event.uv {
            lines.append("UV index:  \(AlertEvent.uvText(uv.index)) today at most, \(uv.band.label) (WHO \(uv.band.range)); alert at \(uv.threshold)")
        }
        lines.append("Observed:  \(text.observed)")
        if let note = text.lateNote { lines.append("Sent late: \(note)") }
        if !event.tips.isEmpty { lines += ["", "What to do:"] + event.tips.map { "- " + $0 } }
        lines += ["", "-- ", "Breeze on \(hostname), event \(event.id)"]
        return lines
    }

    /// An emoji shortcode for ntfy: `blossom` for pollen, `sunny` for UV, `satellite` for a
    /// source gone stale; nil for the AQI's.
    static func shortcode(_ event: AlertEvent) -> String? {
        switch event.about {
        case .aqi: nil
        case .source: event.kind == .resolved ? "white_check_mark" : "satellite"
        case .pollen: event.kind == .resolved ? "white_check_mark" : "blossom"
        case .uv: event.kind == .resolved ? "white_check_mark" : "sunny"
        }
    }

    /// ntfy's priority of a pollen or UV firing or escalation: 4 (high) from Very High pollen or
    /// Very High UV, else 3; nil for other events (the AQI's, resolves, tests).
    static func ntfyPriority(_ event: AlertEvent) -> Int? {
        guard [.firing, .escalated, .reminder].contains(event.kind), event.about != .aqi else { return nil }
        if let pollen = event.pollen, event.about == .pollen { return pollen.level >= .veryHigh ? 4 : 3 }
        if let uv = event.uv, event.about == .uv { return uv.band >= .veryHigh ? 4 : 3 }
        return 3
    }

    /// Tags beside the shortcode: `pollen,high`, `uv,very-high` or `source,purpleair`; nil for
    /// the AQI's.
    static func tags(_ event: AlertEvent) -> [String]? {
        if let tags = SourceText.tags(event) { return tags }
        if let pollen = event.pollen { return ["pollen", pollen.level.slug] }
        if let uv = event.uv { return ["uv", uv.band.slug] }
        return nil
    }

    /// A colour as `0xRRGGBB` for chat formats: the WHO's UV colours (green, yellow, orange,
    /// red, violet), pollen from green (none, low) to red (very high); nil for the AQI's.
    static func colour(_ event: AlertEvent) -> Int? {
        if let colour = SourceText.colour(event) { return colour }
        if let uv = event.uv, event.about == .uv {
            return [0x289500, 0xF7E400, 0xF85900, 0xD8001D, 0x6B49C8][uv.band.rawValue]
        }
        if let pollen = event.pollen, event.about == .pollen {
            return [0x289500, 0x289500, 0xF7E400, 0xF85900, 0xD8001D][pollen.level.rawValue]
        }
        return nil
    }

    private static func subjectAndLevel(_ event: AlertEvent) -> (String, String)? {
        if event.about == .pollen, let pollen = event.pollen { return ("pollen", pollen.level.label) }
        if event.about == .uv, let uv = event.uv { return ("UV", "\(AlertEvent.uvText(uv.index)), \(uv.band.label)") }
        return nil
    }

    /// The level the episode announced: the previous level of a resolve.
    private static func announced(_ event: AlertEvent) -> String? {
        event.pollen?.previousLevel?.label ?? event.uv?.previousBand?.label
    }

    private static func change(_ event: AlertEvent) -> String {
        let subject = event.about == .uv ? "The UV alert" : "The pollen alert"
        let was = announced(event)
        switch event.kind {
        case .escalated: return "\(subject) escalated" + (was.map { " from \($0)." } ?? ".")
        case .resolved: return "\(subject) is over" + (was.map { " (it was \($0))." } ?? ".")
        default:
            return event.about == .uv
                ? "A UV alert started: today's UV index reaches the threshold you set."
                : "A pollen alert started: the worst pollen reaches the level you set."
        }
    }
}
