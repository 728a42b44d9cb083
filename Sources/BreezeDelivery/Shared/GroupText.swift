import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// What people read about a grouped message (`MessageGroup`), made when it is delivered: a
/// line per city (its single message's title, or for pollen and UV its sentence), a title
/// and a short summary. Unsafe scalars are escaped (`VisibleText`) and a line longer than
/// `lineLimit` characters is cut, so no name can break a format or crowd out the others.
struct GroupText {
    /// The most characters of one line.
    static let lineLimit = 200
    /// The most characters of a city's name in the summary.
    static let nameLimit = 40

    let group: MessageGroup
    let texts: [AlertText]

    init(_ group: MessageGroup, now: Instant, receiverTimeZone: String?) {
        self.group = group
        texts = group.events.map { AlertText($0, now: now, receiverTimeZone: receiverTimeZone) }
    }

    /// One line per city, the worst news first.
    var lines: [String] { texts.map(Self.line) }

    /// `Paris, Île-de-France, France: Unhealthy 😨 (AQI 162)`,
    /// `Lyon: was Unhealthy 😨 02:10–05:40 CET, now Good 😊 (AQI 40)`, or a pollen or UV
    /// event's own sentence; with the late note when late (`Paris: Unhealthy 😨 (AQI 162)
    /// (seen 02:10 CEST, delayed 5 h 30 min)`), as a single message has it.
    static func line(_ text: AlertText) -> String {
        let words = VisibleText.escaped(text.event.about == .aqi ? text.title : text.sentence)
        let late = text.lateNote.map { " (\($0))" } ?? ""
        return cut(words, to: lineLimit - late.count) + late
    }

    /// `Air quality: 4 cities changed`.
    var title: String { "Air quality: \(group.events.count) cities changed" }

    /// `4 cities: Paris Unhealthy 😨, Lyon back to Good 😊, …`, at most `limit` characters.
    func summary(limit: Int) -> String {
        var text = "\(group.events.count) cities:"
        for (index, event) in group.events.enumerated() {
            let item = (index == 0 ? " " : ", ") + Self.short(event)
            let rest = index == group.events.count - 1 ? 0 : 3
            guard text.count + item.count + rest <= limit else { return text + (index == 0 ? " …" : ", …") }
            text += item
        }
        return text
    }

    /// `Paris Unhealthy 😨`, `Lyon back to Good 😊`, `Nice was Unhealthy, now Good 😊`.
    static func short(_ event: AlertEvent) -> String {
        let name = cut(VisibleText.escaped(event.city.name), to: nameLimit)
        let level = event.band.map { "\($0.label) \($0.emoji)" } ?? "no AQI"
        if let short = SourceText.short(event) { return "\(name) \(short)" }
        guard event.about == .aqi else {
            let what = event.about == .pollen ? "pollen" : "UV"
            return "\(name) \(what)" + (event.kind == .resolved ? " over" : "")
        }
        if event.kind == .resolved, let episode = event.unannounced {
            return "\(name) was \(episode.band?.label ?? "alerting"), now \(level)"
        }
        switch event.kind {
        case .firing: return "\(name) \(level)"
        case .escalated: return "\(name) worse, \(level)"
        case .reminder: return "\(name) still \(level)"
        case .resolved: return "\(name) back to \(level)"
        case .forecast: return "\(name) forecast \(level)"
        case .forecastCleared: return "\(name) forecast cleared"
        case .test, .digest: return "\(name) \(level)"
        }
    }

    /// The most characters of the advice line.
    static let adviceLimit = 600

    /// What the worst member means for the receiver's `audience`, as a single message of it
    /// says: EPA's statement for an alert about the air now (`AdviceText`), or for an
    /// all-clear what people can do again (`Band.resolveAdvice`); nil for the rest (forecasts,
    /// pollen and UV lines carry their own sentence). At most `adviceLimit` characters.
    func advice(audience: Audience) -> String? {
        guard let worst = group.events.first, worst.about == .aqi, let band = worst.band else { return nil }
        let text: String?
        switch worst.kind {
        case .firing, .escalated, .reminder: text = AdviceText.statement(worst, audience: audience)
        case .resolved: text = "Now: " + band.resolveAdvice
        default: text = nil
        }
        return text.map { Self.cut(VisibleText.escaped($0), to: Self.adviceLimit) }
    }

    /// The highest band among the members, nil when none has one.
    var worstBand: Band? { group.events.compactMap(\.band).max() }

    /// `text` cut to at most `limit` characters, ending in `…` when cut.
    static func cut(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(0, limit - 1))) + "…"
    }

    /// How many of `events` (a prefix) fit when their lines, each with `extra` bytes, may
    /// take `budget` units as `measure` counts them; at least one.
    static func capacity(
        _ events: [AlertEvent], now: Instant, receiverTimeZone: String?, budget: Int, extra: Int,
        measure: (String) -> Int
    ) -> Int {
        var used = 0
        var fits = 0
        for event in events.prefix(MessageGroup.mostMembers) {
            used += measure(line(AlertText(event, now: now, receiverTimeZone: receiverTimeZone))) + extra
            guard used <= budget else { break }
            fits += 1
        }
        return max(1, fits)
    }
}
