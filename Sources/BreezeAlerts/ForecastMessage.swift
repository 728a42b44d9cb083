import BreezeModel
import BreezeVocabulary
import FoundationEssentials

extension AlertEvent {
    /// The forecast day as people say it, read when the event was made in the city's zone
    /// (`TimeText.day(named:)`): `Tomorrow`, `Thu 4 Dec`; nil without a forecast.
    public func forecastDayName(now: Instant? = nil) -> String? {
        forecast.map { TimeText.day(named: $0.day, now: now ?? createdAt, in: city.zone) }
    }

    /// `Air quality forecast for Paris, Tomorrow: peak AQI 162, Unhealthy 😨 (was Unhealthy
    /// for Sensitive Groups), 6 hours at or above AQI 101, mostly ozone`, or `… no longer
    /// forecast at AQI 101 or above (peak AQI 80, Moderate 😐)`.
    func forecastMessage(place: String, level: String) -> String {
        let day = forecastDayName() ?? "a coming day"
        guard kind == .forecast else {
            let threshold = forecast.map { " at AQI \($0.threshold) or above" } ?? ""
            return "Air quality forecast for \(place), \(day): no longer forecast\(threshold) (peak \(level))"
        }
        let was = previousBand.map { " (was \($0.label))" } ?? ""
        var text = "Air quality forecast for \(place), \(day): peak \(level)\(was)"
        if let forecast {
            let hours = forecast.hoursAboveThreshold
            text += ", \(hours) \(hours == 1 ? "hour" : "hours") at or above AQI \(forecast.threshold)"
        }
        if let dominant = dominantPollutant { text += ", mostly \(dominant.label)" }
        return text
    }
}
