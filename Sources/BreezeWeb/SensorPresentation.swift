import BreezeJSON
import BreezeModel
import BreezeState
import BreezeVocabulary

/// A city's `[Sensor]`s as the status page, the status document (`/api/v1/status`,
/// `breezectl status --json`) and `breezectl status` show them: one home for their words, so
/// the three agree.
public enum SensorPresentation {
    /// `12.3 µg/m³` (one decimal), or `—` without a valid sample.
    public static func pm2_5(_ sensor: SensorStatus) -> String {
        sensor.pm2_5.flatMap { WebNumber.text($0, digits: 1) }.map { $0 + " µg/m³" } ?? "—"
    }

    /// `NowCast AQI 57`, or `hours so far too few` while its hours do not make a NowCast.
    public static func nowCast(_ sensor: SensorStatus) -> String {
        sensor.nowCastAQI.map { "NowCast AQI \($0)" } ?? "hours so far too few"
    }

    /// `valid`, `invalid: channels A and B disagree`, with `, stale` when it has given no valid
    /// sample for `StaleAfter=`.
    public static func verdict(_ sensor: SensorStatus) -> String {
        sensor.verdict + (sensor.stale ? ", stale" : "")
    }

    /// `Model (NowCast): 60`, `Model (Open-Meteo): 60`, or `Model (NowCast): none` when the
    /// model gave no AQI: the model's value beside a sensor's.
    public static func model(_ rating: SensorRating) -> String {
        "Model (\(modelName(rating.modelSource))): " + (rating.modelAQI.map(String.init) ?? "none")
    }

    /// `NowCast` or `Open-Meteo`.
    static func modelName(_ source: AQISource) -> String {
        source == .openMeteo ? "Open-Meteo" : "NowCast"
    }

    /// The `sensors` member of a city in the status document: `[{name, kind, placement, label,
    /// pm25 (µg/m³ or null), verdict, nowCastAQI (or null), stale, lastValidAt (RFC 3339 or
    /// null)}]`, in configuration order; empty for a city without sensors.
    public static func members(_ ground: CityGround?) -> JSONValue {
        .array((ground?.sensors ?? []).map { sensor in
            .object([
                "name": .string(sensor.name), "kind": .string(sensor.kind.rawValue),
                "placement": .string(sensor.placement.rawValue), "label": .string(sensor.label),
                "pm25": sensor.pm2_5.map(JSONValue.number) ?? .null, "verdict": .string(sensor.verdict),
                "nowCastAQI": sensor.nowCastAQI.map(JSONValue.integer) ?? .null, "stale": .bool(sensor.stale),
                "lastValidAt": .optional(sensor.lastValidAt.map { TimeText.rfc3339($0) }),
            ])
        })
    }
}
