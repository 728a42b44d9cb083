import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// What people read in a daily digest, in every format: the headline first (`All clear in 3
/// cities: …`), then one block per city — the cities needing attention first, then the rest,
/// each in configuration order — each a heading and its facts. A message with a size limit
/// shows the blocks that fit and counts the rest in one line (`and 9,980 more cities, all
/// Good 😊`). Every line has its unsafe scalars escaped (`VisibleText`); what is unknown is left out, never
/// made up.
struct DigestText {
    let digest: DigestDetails

    init(_ digest: DigestDetails) { self.digest = digest }

    /// The longest city name a heading shows, in characters.
    static let nameLimit = 120

    /// `Air quality digest for 2026-12-01: all clear in 3 cities`.
    var title: String { VisibleText.escaped(digest.title) }

    /// The one line that comes first.
    var headline: String { VisibleText.escaped(digest.headline) }

    /// The cities in the order shown: needing attention first.
    var ordered: [DigestCity] {
        digest.cities.filter(\.needsAttention) + digest.cities.filter { !$0.needsAttention }
    }

    /// `Paris, Île-de-France, France`, with `: needs attention` when it does.
    func heading(_ city: DigestCity) -> String {
        let name = VisibleText.escaped(city.city.displayName)
        let short = name.count <= Self.nameLimit ? name : String(name.prefix(Self.nameLimit - 1)) + "…"
        return short + (city.needsAttention ? ": needs attention" : "")
    }

    /// The city's facts, one line each: the reading, today's forecast peak, the open alerts,
    /// pollen, the UV maximum, the climate line (those known).
    func facts(_ city: DigestCity) -> [String] {
        var lines: [String] = []
        if let aqi = city.aqi, let band = city.band {
            lines.append("Now: AQI \(aqi), \(band.label) \(band.emoji)" + (city.observedAt.map { " (observed \($0))" } ?? ""))
        } else {
            lines.append("Now: no reading")
        }
        if let peak = city.forecastPeakAQI, let band = city.forecastPeakBand {
            var line = "Today's forecast peak: AQI \(peak), \(band.label) \(band.emoji)"
            if let dominant = city.forecastDominant { line += " (\(dominant.label))" }
            if let from = city.forecastPeakFrom, let until = city.forecastPeakUntil {
                line += from == "00:00" && until == "24:00"
                    ? ", all day" : ", \(from)–\(until)" + (city.forecastPeakZone.map { " " + $0 } ?? "")
            }
            lines.append(line)
        }
        lines.append("Alerts: " + (city.openAlerts.isEmpty ? "none" : city.openAlerts.joined(separator: "; ")))
        if let pollen = city.pollen, !pollen.isEmpty {
            let types = PollenType.allCases.filter { pollen[$0] != nil }
                .sorted { (pollen[$0]!, $1.rawValue) > (pollen[$1]!, $0.rawValue) }
            lines.append("Pollen: " + types.map { "\($0.label) \(pollen[$0]!.label.lowercased())" }.joined(separator: ", "))
        }
        if let uv = city.uvMaximum, uv.isFinite, uv >= 0, uv < 1000 {
            lines.append("UV index: up to \(Self.tenths(uv)) today (\(Self.uvBand(uv)))")
        }
        if let climate = city.climate { lines.append("Climate: " + climate) }
        return lines.map { VisibleText.escaped($0) }
    }

    /// The city blocks `render` makes, in order, as many as fit in `budget` UTF-8 bytes (each
    /// counted with `separator`), and the line counting the rest (nil when all fit). UTF-8
    /// bytes are never fewer than characters or UTF-16 units, so every service's count fits.
    func fitted(budget: Int, separator: Int = 2, render: (DigestCity) -> String) -> (blocks: [String], rest: String?) {
        let cities = ordered
        var blocks: [String] = []
        // Room kept for the line counting the rest.
        var left = budget - 160
        for (index, city) in cities.enumerated() {
            let block = render(city)
            let size = block.utf8.count + separator
            // All the rest fits without its line: the room kept for it counts too.
            let last = index == cities.count - 1
            guard size <= left || (last && size <= left + 160) else {
                return (blocks, remainder(cities[index...]))
            }
            blocks.append(block)
            left -= size
        }
        return (blocks, nil)
    }

    /// `and 9,980 more cities, all Good 😊`, `and 12 more cities, none needing attention
    /// (the worst now: Moderate 😐)` or `and 40 more cities: 3 need attention (Lyon, …), 37 fine`.
    func remainder(_ rest: ArraySlice<DigestCity>) -> String {
        let count = DigestDetails.count(rest.count, "more city", "more cities")
        let attention = rest.filter(\.needsAttention)
        if !attention.isEmpty {
            let names = DigestDetails.names(attention.map(\.city.name))
            return VisibleText.escaped(
                "… and \(count): \(DigestDetails.number(attention.count)) "
                    + (attention.count == 1 ? "needs" : "need") + " attention (\(names))"
                    + (attention.count < rest.count ? ", \(DigestDetails.number(rest.count - attention.count)) fine" : ""))
        }
        let bands = Set(rest.map(\.band))
        if bands.count == 1, let band = bands.first ?? nil { return "… and \(count), all \(band.label) \(band.emoji)" }
        let worst = rest.compactMap(\.band).max()
        return "… and \(count), none needing attention" + (worst.map { " (the worst now: \($0.label) \($0.emoji))" } ?? "")
    }

    /// WHO's words for a UV index: low, moderate, high, very high, extreme.
    static func uvBand(_ index: Double) -> String {
        switch index.rounded() {
        case ..<3: "low"
        case ..<6: "moderate"
        case ..<8: "high"
        case ..<11: "very high"
        default: "extreme"
        }
    }

    /// `5.2`: one decimal.
    static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
