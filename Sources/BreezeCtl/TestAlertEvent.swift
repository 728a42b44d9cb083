import BreezeAlerts
import BreezeConfig
import BreezeModel
import BreezeState
import BreezeVocabulary

/// The `test` event `breezectl test-alert` sends.
enum TestAlertEvent {
    /// About the first configured city, under its own name: with its last reading from the
    /// state file (the alerting AQI, its source and averages when the state has them), or —
    /// without a reading that has an AQI (none yet, or every value null) — Breeze's example
    /// reading, marked `exampleReading` so every format says so. Without a city, the example
    /// reading about "Example City". A state file there but unreadable (breezectl run without
    /// the daemon's rights) goes to `warn`, since the example then stands for a reading there is.
    static func make(configuration: Configuration, now: Instant, warn: (String) -> Void = { _ in }) -> AlertEvent {
        let city = configuration.cities.first?.city
        let record = city.flatMap { city in
            lastRecord(of: city.name, stateDirectory: configuration.breeze.stateDirectory) { problem in
                warn("cannot read the daemon's state (\(problem)), so the test carries an example reading, "
                    + "not \(city.name)'s; run it as root (or as the daemon's user) for the city's own")
            }
        }
        let id = EventIdentifier.test(city: city?.name ?? "example", now: now)
        if let city, let record, let reading = record.lastReading, let event = fromState(
            record, reading: reading, city: city, id: id, now: now)
        {
            return event
        }
        var event = AlertEvent(
            id: id, kind: .test, city: city ?? City(name: "Example City", latitude: 0, longitude: 0), aqi: 42,
            band: .good, previousBand: nil, dominantPollutant: .pm2_5,
            concentrations: [.pm2_5: 8.2, .pm10: 15, .no2: 12.5, .o3: 61],
            pollutantsOverLimit: [], observedAt: ObservationTime(now), createdAt: now)
        event.exampleReading = true
        return event
    }

    /// The city's own last reading as a test event; nil when it has no AQI to show.
    private static func fromState(
        _ record: CityRecord, reading: Reading, city: City, id: String, now: Instant
    ) -> AlertEvent? {
        let alerting = record.alerting.flatMap { $0.band == nil ? nil : $0 }
        guard let band = alerting?.band ?? reading.band else { return nil }
        var event = AlertEvent(
            id: id, kind: .test, city: city, aqi: alerting?.aqi ?? reading.usAQI, band: band, previousBand: nil,
            dominantPollutant: alerting?.dominantPollutant ?? reading.dominantPollutant,
            concentrations: reading.concentrations, pollutantsOverLimit: [], observedAt: reading.time,
            createdAt: now, aqiSource: alerting?.source)
        if let averages = alerting?.ratedAverages, !averages.isEmpty { event.averages = averages }
        event.openMeteoAQI = alerting?.openMeteoAQI ?? reading.usAQI
        event.exampleReading = false
        return event
    }

    private static func lastRecord(of name: String, stateDirectory: String, unreadable: (FileError) -> Void) -> CityRecord? {
        do {
            return try StateStore(stateDirectory: stateDirectory).read()?.cities[name]
        } catch {
            unreadable(error)
            return nil
        }
    }
}
