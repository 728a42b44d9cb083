import BreezeConfig
import BreezeModel
import BreezeVocabulary
import FoundationEssentials

/// The drop-in file `breezectl add` writes for one city: its name and its text.
enum CityDropIn {
    /// `paris-cbb57d0e13c03ee0.conf`, `city-….conf` for `東京`: the slug of `name` (see
    /// `Slug`, the same as in event ids) plus `.conf`, distinct for distinct names.
    static func fileName(for name: String) -> String {
        Slug.of(name) + ".conf"
    }

    /// The file's text: a `[City "…"]` section with the coordinates and whatever else is known.
    static func render(_ city: City) -> String {
        "# Added by breezectl add.\n" + section(city) + "\n"
    }

    /// The `[City "…"]` section alone, without a final line break (`breezectl search` shows it).
    static func section(_ city: City) -> String {
        var lines = [
            "[City \(quoted(city.name))]",
            "Latitude=\(number(city.latitude))",
            "Longitude=\(number(city.longitude))",
        ]
        if let timeZone = city.timeZone, !timeZone.isEmpty {
            let plain = timeZone.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/_+-".contains($0)) }
            lines.append("TimeZone=" + (plain ? timeZone : quoted(timeZone)))
        }
        if let country = city.country, !country.isEmpty { lines.append("Country=\(quoted(country))") }
        if let region = city.admin1, !region.isEmpty { lines.append("Region=\(quoted(region))") }
        return lines.joined(separator: "\n")
    }

    /// The first of the city's name, country and region that is too long to load (`NameLimit`),
    /// as ("name", "is 5242880 characters long; at most 200"); nil when all fit.
    static func tooLong(_ city: City) -> (what: String, problem: String)? {
        for (what, value) in [("name", city.name), ("country", city.country ?? ""), ("region", city.admin1 ?? "")] {
            if let problem = NameLimit.problem(value) { return (what, problem) }
        }
        return nil
    }

    /// `"text"` in the configuration's quoted syntax (`QuotedText.quote`): a name from a
    /// geocoder stays on its line, its control characters written as escapes, and reads back
    /// the same.
    static func quoted(_ text: String) -> String {
        QuotedText.quote(text)
    }

    /// Plain decimal notation, never `1e-05`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        let text = String(value)
        guard text.contains("e") else { return text }
        return FixedDecimal.text(value, decimals: 7, trimmingZeros: true)
    }
}
