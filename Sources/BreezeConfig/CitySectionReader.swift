import BreezeModel
import BreezeVocabulary

extension ConfigurationBuilder {
    /// A city read from its section, before its alert settings are applied.
    struct ReadCity {
        var configuration: CityConfiguration
        var enabled: Bool
    }

    /// One `[City "…"]` without its alert keys; nil when a coordinate is missing or bad.
    mutating func readCity(_ section: MergedSection) -> ReadCity? {
        let reader = SectionReader(section: section)
        let latitude = reader.value("Latitude", diagnostics: &diagnostics, Read.number(in: -90...90))
        let longitude = reader.value(
            "Longitude", diagnostics: &diagnostics, Read.number(in: -180...180))
        require("Latitude", in: reader)
        require("Longitude", in: reader)
        let timeZone = reader.value("TimeZone", diagnostics: &diagnostics, Read.timeZone)
        let country = reader.value("Country", diagnostics: &diagnostics, Read.name)
        let region = reader.value("Region", diagnostics: &diagnostics, Read.name)
        let enabled = reader.value("Enabled", diagnostics: &diagnostics, Read.boolean)
        guard let latitude, let longitude else { return nil }
        let city = City(
            name: section.name ?? "", country: country?.value, admin1: region?.value,
            latitude: latitude.value, longitude: longitude.value, timeZone: timeZone?.value)
        return ReadCity(
            configuration: CityConfiguration(city: city, alert: AlertSettings()),
            enabled: enabled?.value ?? true)
    }

    /// Names of `kind` (`City`, `Sensor`) differing only in case name the same thing: exact
    /// repeats merge across files, and repeats inside one file are reported while merging.
    /// `noun` names the kind in messages.
    mutating func checkNames(of kind: String, noun: String) {
        var seen: [String: (name: String, location: SourceLocation)] = [:]
        var slugs: [String: (name: String, location: SourceLocation)] = [:]
        // Sized once: regrowing both for 100,000 cities rehashed every name many times.
        seen.reserveCapacity(sections.count)
        slugs.reserveCapacity(sections.count)
        for section in sections where section.kind == kind {
            guard let name = section.name else { continue }
            let key = name.lowercased()
            // Event ids and file names carry the slug: two names must never share one.
            let slug = Slug.of(name)
            if let first = slugs[slug], first.name != name, seen[key] == nil {
                diagnostics.error(
                    "\(noun) \"\(name)\" would share its slug (\(slug)), which event ids and file names carry, with \"\(first.name)\" at "
                        + "\(reference(to: first.location, from: section.location)); rename one of them",
                    at: section.location)
            } else if slugs[slug] == nil {
                slugs[slug] = (name, section.location)
            }
            if let first = seen[key] {
                diagnostics.error(
                    "duplicate \(noun) \"\(name)\" (first defined as \"\(first.name)\" at "
                        + "\(reference(to: first.location, from: section.location)))",
                    at: section.location)
            } else {
                seen[key] = (name, section.location)
            }
        }
    }
}
