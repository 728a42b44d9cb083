import BreezeModel
import BreezeVocabulary

/// What a digest says first: whether anything needs attention, in one line, and its title.
/// Every format starts with these, so they agree.
extension DigestCity {
    /// Whether the city needs attention today: an alert open, or the reading or today's
    /// forecast peak at or above the city's `Threshold=`.
    public var needsAttention: Bool {
        if !openAlerts.isEmpty { return true }
        guard let threshold else { return false }
        return (forecastPeakAQI ?? Int.min) >= threshold || (aqi ?? Int.min) >= threshold
    }
}

extension DigestDetails {
    /// The cities needing attention, in configuration order.
    public var attention: [DigestCity] { cities.filter(\.needsAttention) }

    /// Whether nothing is wrong anywhere: no alert open, no forecast peak at the threshold.
    public var allClear: Bool { !cities.contains(where: \.needsAttention) }

    /// The one line that comes first: `All clear in 3 cities: Paris, Berlin, 東京.` or
    /// `2 of 5 cities need attention: Paris, Lyon.` At most `namesShown` names, each at most
    /// `nameLimit` characters; the rest counted (`… and 9,997 more`).
    public var headline: String {
        if cities.isEmpty { return "No city routes its alerts to this receiver: nothing to report." }
        let attention = self.attention
        let listed = attention.isEmpty ? cities : attention
        let names = Self.names(listed.map(\.city.name))
        if attention.isEmpty {
            return "All clear in \(Self.count(cities.count, "city", "cities")): \(names)."
        }
        let verb = attention.count == 1 ? "needs" : "need"
        return "\(Self.number(attention.count)) of \(Self.count(cities.count, "city", "cities")) \(verb) attention: \(names)."
    }

    /// `Air quality digest for Tue 1 Dec: all clear in 3 cities` or `…: 2 of 5 cities need
    /// attention`: the subject, the notification's title.
    public var title: String {
        let attention = self.attention.count
        let state = attention == 0
            ? "all clear in \(Self.count(cities.count, "city", "cities"))"
            : "\(Self.number(attention)) of \(Self.count(cities.count, "city", "cities")) "
                + (attention == 1 ? "needs" : "need") + " attention"
        return "Air quality digest for \(TimeText.weekdayAndDate(named: day)): \(state)"
    }

    /// The most names a headline lists.
    static let namesShown = 5
    /// The longest name a headline shows, in characters.
    static let nameLimit = 40

    /// `Paris, Berlin and 東京`, or `Paris, Berlin, … and 9,997 more`.
    public static func names(_ names: [String]) -> String {
        let shown = names.prefix(namesShown).map(short)
        if names.count > namesShown { return shown.joined(separator: ", ") + " and \(number(names.count - namesShown)) more" }
        guard shown.count > 1 else { return shown.first ?? "" }
        return shown.dropLast().joined(separator: ", ") + " and " + shown.last!
    }

    /// `name` cut to `nameLimit` characters, ending in `…` when cut.
    static func short(_ name: String) -> String {
        name.count <= nameLimit ? name : String(name.prefix(nameLimit - 1)) + "…"
    }

    /// `1 city`, `9,980 cities`.
    public static func count(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(number(count)) \(count == 1 ? singular : plural)"
    }

    /// `9,980`: thousands separated by commas.
    public static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}
