extension Configuration {
    /// The enabled cities with a pollen or UV alert (`PollenThreshold=`, `UVThreshold=`): the
    /// cities the pollen-and-UV request is made for even without the status page's extras.
    public var citiesWithExposureAlerts: [CityConfiguration] {
        cities.filter { $0.alert.pollenThreshold != nil || $0.alert.uvThreshold != nil }
    }

    /// Whether the pollen-and-UV request runs at all: for the status page's extras or a digest
    /// (`fetchesExtras`), or for some city's pollen or UV alert.
    public var fetchesPollenAndUV: Bool { fetchesExtras || !citiesWithExposureAlerts.isEmpty }

    /// How many cities the pollen-and-UV request asks for: every city with the status page's
    /// extras or a digest, else those with a pollen or UV alert.
    public var pollenAndUVLocations: Int { fetchesExtras ? cities.count : citiesWithExposureAlerts.count }
}
