import BreezeModel
import BreezeState

extension MetricsPage {
    /// The model's AQI where a sensor rates the city (`breeze_model_aqi`), and each `[Sensor]`'s
    /// latest state, labelled `city`, `sensor` (the section's name), `kind` and `placement`:
    /// its corrected PM2.5 in µg/m³ (`breeze_sensor_pm25`, left out without a valid sample, as
    /// every missing value), whether its latest sample was valid, its NowCast AQI (left out
    /// while its hours are too few) and whether it is stale.
    static func writeSensors(_ cities: [MetricsCity], into text: inout MetricsText) {
        text.family("breeze_model_aqi", .gauge, help: "The model's AQI (AQISource=) where the city's outdoor sensors rate its alerting AQI instead.")
        for city in cities {
            guard let alerting = city.record?.alerting, alerting.source == .sensor, let model = alerting.sensor?.modelAQI else { continue }
            text.sample("breeze_model_aqi", city.label, integer: model)
        }
        let sensors = cities.flatMap { city in
            (city.record?.ground?.sensors ?? []).map { sensor in
                (sensor, MetricLabels(
                    ("city", city.name), ("sensor", sensor.name), ("kind", sensor.kind.rawValue),
                    ("placement", sensor.placement.rawValue)))
            }
        }
        text.family("breeze_sensor_pm25", .gauge, help: "Each sensor's latest valid PM2.5 after its correction, in µg/m³.")
        for (sensor, labels) in sensors {
            guard let value = sensor.pm2_5 else { continue }
            text.sample("breeze_sensor_pm25", labels, float: value)
        }
        text.family("breeze_sensor_valid", .gauge, help: "1 when the sensor's latest sample passed its checks, else 0.")
        for (sensor, labels) in sensors {
            text.sample("breeze_sensor_valid", labels, integer: sensor.invalidReason == nil ? 1 : 0)
        }
        text.family("breeze_sensor_nowcast_aqi", .gauge, help: "Each sensor's NowCast AQI from its hourly means (AirNow's own), once its hours allow one.")
        for (sensor, labels) in sensors {
            guard let aqi = sensor.nowCastAQI else { continue }
            text.sample("breeze_sensor_nowcast_aqi", labels, integer: aqi)
        }
        text.family("breeze_sensor_stale", .gauge, help: "1 while the sensor has given no valid sample for StaleAfter=, else 0.")
        for (sensor, labels) in sensors {
            text.sample("breeze_sensor_stale", labels, integer: sensor.stale ? 1 : 0)
        }
    }
}
