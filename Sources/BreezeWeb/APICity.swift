import BreezeJSON
import BreezeModel
import BreezeVocabulary

/// `/api/v1/cities/<slug>`'s document: the city's members of the status document
/// (`StatusDocument.cityMembers`), its `slug`, and what the pages show beyond the state:
///
/// - `history`: `[{"hour": RFC 3339, "aqi": n|null}]`, oldest first (empty: none yet);
/// - `forecast`: `[{"day": "2026-12-02", "aqi": n|null, "dominant": "pm2_5"|null, "note": text|null}]`;
/// - `pollen`: `{"birch": grains/m³, …}`, null when the model has none for the city;
/// - `uvIndex`: number or null;
/// - `climate`: `[{"year", "temperatureMaximumCelsius", "differenceCelsius"}]` or null until
///   fetched (always °C: `TemperatureUnit=` is for people, `temperatureUnit` says which).
///
/// A number that is not finite is null.
public enum APICity {
    public static func document(_ city: WebCity, snapshot: WebSnapshot) -> JSONValue {
        var members = StatusDocument.cityMembers(name: city.name, record: city.record)
        members["slug"] = .string(city.slug)
        members["history"] = .array(city.history.map { hour in
            .object(["hour": .string(TimeText.rfc3339(hour.hour)), "aqi": integer(hour.aqi)])
        })
        members["forecast"] = .array(city.forecast.map { day in
            .object([
                "day": .string(day.day), "aqi": integer(day.aqi), "dominant": .optional(day.dominant?.rawValue),
                "note": .optional(day.note),
            ])
        })
        members["pollen"] = city.pollen.map { pollen in
            .object(Dictionary(uniqueKeysWithValues: pollen.map { ($0.key.rawValue, JSONValue.number($0.value)) }))
        } ?? .null
        members["uvIndex"] = number(city.uvIndex)
        members["climate"] = city.climate.map { points in
            .array(points.map { point in
                .object([
                    "year": .integer(point.year), "temperatureMaximumCelsius": number(point.temperatureMaximum),
                    "differenceCelsius": number(point.differenceFromFirstYear),
                ])
            })
        } ?? .null
        members["temperatureUnit"] = .string(snapshot.temperatureUnit.rawValue)
        return .object(members)
    }

    private static func integer(_ value: Int?) -> JSONValue { value.map(JSONValue.integer) ?? .null }

    private static func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
}
