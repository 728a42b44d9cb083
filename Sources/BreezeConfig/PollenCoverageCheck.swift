import BreezeModel

extension ConfigurationBuilder {
    /// Warns when an enabled city with `PollenThreshold=` lies outside Open-Meteo's pollen
    /// coverage (`PollenCoverage`): its pollen alert could never fire. Named at the city's own
    /// `PollenThreshold=`, else at the `[Alert]` one it inherits, else at its section.
    mutating func warnAboutPollenCoverage(_ section: MergedSection, city: CityConfiguration, alertSection: MergedSection?) {
        guard let threshold = city.alert.pollenThreshold,
            !PollenCoverage.covers(latitude: city.city.latitude, longitude: city.city.longitude)
        else { return }
        let location = SectionReader(section: section).assignments("PollenThreshold").last?.location
            ?? alertSection.flatMap { SectionReader(section: $0).assignments("PollenThreshold").last?.location }
            ?? section.location
        diagnostics.warning(
            "city \"\(city.city.name)\" (\(city.city.latitude), \(city.city.longitude)) is outside Open-Meteo's pollen "
                + "coverage (\(PollenCoverage.description)): PollenThreshold=\(threshold.slug) never fires there, "
                + "and breezed logs once that it gets no pollen data",
            at: location)
    }
}
