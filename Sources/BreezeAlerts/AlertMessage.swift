import BreezeModel

extension AlertEvent {
    /// One sentence for people: `Air quality in Paris, Île-de-France, France: AQI 162,
    /// Unhealthy 😨 (was Moderate)` (the city with its `Region=` and `Country=`).
    public var message: String {
        if let text = exposureMessage ?? sourceMessage { return text }
        let place = city.displayName
        let level = Self.describe(aqi: aqi, band: band)
        let was = previousBand.map { " (was \($0.label))" } ?? ""
        let over =
            pollutantsOverLimit.isEmpty
            ? "" : "; over the limit: " + pollutantsOverLimit.map(\.label).joined(separator: ", ")
        switch kind {
        case .firing, .escalated:
            return "Air quality in \(place): \(level)\(was)\(over)"
        case .reminder:
            return "Air quality in \(place) is still \(level)\(over)"
        case .resolved:
            return resolveMessage(place: place)
        case .test:
            return "Test alert: air quality in \(place): \(level)"
        case .forecast, .forecastCleared:
            return forecastMessage(place: place, level: level)
        case .digest:
            return digest?.title ?? "Air quality digest"
        }
    }

    /// The health tips of the event's band, or none without a band; pollen, UV and a stale
    /// sensor their own. With an indoor sensor, the advice about the windows first
    /// (`indoorAdvice`).
    public var tips: [String] {
        if about == .source { return sourceTips }
        let tips = exposureTips ?? band?.healthTips ?? []
        return indoorAdvice.map { [$0] + tips } ?? tips
    }

    static func describe(aqi: Int?, band: Band?) -> String {
        guard let aqi, let band else { return "no AQI reported" }
        return "AQI \(aqi), \(band.label) \(band.emoji)"
    }
}
