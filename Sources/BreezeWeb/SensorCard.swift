import BreezeModel
import BreezeState

/// What a city's card shows of its `[Sensor]`s: the AQI a sensor rated with the model's value
/// beside it (`157 · sensor backyard` | `Model (NowCast): 60`), and a short list of the
/// city's sensors — label, placement, latest PM2.5, verdict, NowCast and a stale marker.
/// Labels are names from outside, each in `<bdi>`.
enum SensorCard {
    /// The rated AQI and its sensor beside the model's value, one pair (`data-pair`), when a
    /// sensor rates the city; nothing otherwise.
    static func writeSources(_ record: CityRecord?, aqi: Int?, into html: inout HTMLWriter) {
        guard let alerting = record?.alerting, alerting.source == .sensor, let rating = alerting.sensor else { return }
        html.element("p", ["class": "sources", "data-pair": "sensor-model"]) { html in
            html.element("span", ["class": "rated"]) { html in
                html.write((aqi.map(String.init) ?? "—") + " · ")
                html.name(rating.label)
            }
            html.element("span", ["class": "model"], SensorPresentation.model(rating))
        }
    }

    /// The list of the city's sensors, when it has any.
    static func writeSensors(_ ground: CityGround?, into html: inout HTMLWriter) {
        guard let sensors = ground?.sensors, !sensors.isEmpty else { return }
        html.element("section", ["class": "sensors", "aria-label": "Sensors"]) { html in
            html.element("h3", "Sensors")
            html.element("ul") { html in
                for sensor in sensors {
                    html.element("li", ["class": sensor.stale ? "stale" : nil]) { html in
                        html.element("span", ["class": "sensor-name"]) { html in html.name(sensor.label) }
                        html.element("span", ["class": "muted"], sensor.placement.rawValue)
                        html.element("span", SensorPresentation.pm2_5(sensor))
                        html.element("span", ["class": sensor.invalidReason == nil ? nil : "invalid"], sensor.verdict)
                        html.element("span", SensorPresentation.nowCast(sensor))
                        if sensor.stale { html.element("span", ["class": "firing"], "stale") }
                    }
                }
            }
        }
    }

    /// The sheet's rules for the two: the pair in two columns, side by side on a phone too.
    static let style = """
        .sources{display:grid;grid-template-columns:1fr 1fr;gap:12px;align-items:baseline;margin:.2rem 0;font-size:.95rem}
        .sources .rated{text-align:right;font-weight:600;color:var(--band-text)}
        .sources .model{text-align:left;color:var(--muted)}
        .sensors{background:var(--tile);border-radius:12px;padding:10px 14px;margin:.4rem 0}
        .sensors h3{font-size:.95rem;margin:0 0 .3rem}
        .sensors ul{list-style:none;margin:0;padding:0;font-size:.9rem}
        .sensors li{display:flex;flex-wrap:wrap;gap:2px 10px;padding:3px 0}
        .sensors .sensor-name{font-weight:600}
        .sensors .invalid{color:var(--warn)}
        """
}
