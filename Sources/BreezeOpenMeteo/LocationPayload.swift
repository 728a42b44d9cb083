/// One location's element of an air-quality or archive response, decoded leniently: every
/// field optional, values kept by variable name, so meaning is checked afterwards.
///
/// Responses are read by `LocationPayloadReader` in one pass; the `Decodable` form is the
/// reference it is tested against.
struct LocationPayload: Decodable, Equatable {
    var latitude: Double?
    var longitude: Double?
    var currentUnits: [String: String] = [:]
    var current: Values?
    var hourlyUnits: [String: String] = [:]
    var hourly: Series?
    var dailyUnits: [String: String] = [:]
    var daily: Series?

    /// `current`: its `time` and each variable's value; a null is kept as nil.
    struct Values: Decodable, Equatable {
        var time: String?
        /// `time` as unix seconds (`timeformat=unixtime`).
        var unixTime: Double?
        var values: [String: Double?] = [:]
        /// Variables whose value was neither a number nor null.
        var malformed: [String] = []

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DynamicKey.self)
            for key in container.allKeys {
                switch key.stringValue {
                case "time":
                    time = try? container.decode(String.self, forKey: key)
                    unixTime = (try? container.decode(Double.self, forKey: key)).flatMap { $0.isFinite ? $0 : nil }
                case "interval": continue
                default:
                    if (try? container.decodeNil(forKey: key)) == true {
                        values[key.stringValue] = .some(nil)
                    } else if let value = try? container.decode(Double.self, forKey: key) {
                        values[key.stringValue] = value
                    } else {
                        malformed.append(key.stringValue)
                    }
                }
            }
        }
    }

    /// `hourly` or `daily`: the `time` column and each variable's column.
    struct Series: Decodable, Equatable {
        var time: [String] = []
        /// The `time` column as unix seconds (`timeformat=unixtime`); nil when it came as text.
        var unixTimes: [Double]?
        var malformed: [String] = []
        // Every column's values one after another, NaN for a null, +infinity for an element that
        // is not a number: 8 bytes a value, one buffer per block instead of a table of arrays.
        private(set) var values: [Double] = []
        private var spans: [ColumnSpan] = []

        private struct ColumnSpan: Equatable {
            var name: String
            var start: Int
            var count: Int
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DynamicKey.self)
            for key in container.allKeys {
                if key.stringValue == "time" {
                    if let seconds = try? container.decode([Double].self, forKey: key), !seconds.isEmpty {
                        unixTimes = seconds
                    } else {
                        time = try container.decode([String].self, forKey: key)
                    }
                } else if let column = try? container.decode([HourValue].self, forKey: key) {
                    setColumn(key.stringValue, column.map(\.value))
                } else {
                    malformed.append(key.stringValue)
                }
            }
        }

        /// One element of a column as stored: a number, NaN for a null, +infinity for anything
        /// else (a string, `true`, an object: not a number, so the hour is dropped and named).
        private struct HourValue: Decodable {
            var value: Double

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() {
                    value = .nan
                } else {
                    value = (try? container.decode(Double.self)) ?? .infinity
                }
            }
        }

        /// Each variable's column, nil for a null; built on each call.
        var columns: [String: [Double?]] {
            var columns: [String: [Double?]] = [:]
            for span in spans { columns[span.name] = column(span.name) }
            return columns
        }

        /// `name`'s column, nil for a null; nil when the block has no such column.
        func column(_ name: String) -> [Double?]? {
            storedColumn(name).map { $0.map { $0.isNaN ? nil : $0 } }
        }

        /// `name`'s column as stored, NaN for a null.
        func storedColumn(_ name: String) -> ArraySlice<Double>? {
            guard let span = spans.first(where: { $0.name == name }) else { return nil }
            return values[span.start..<(span.start + span.count)]
        }

        /// Sets `name`'s column (NaN for a null), replacing one of the same name.
        mutating func setColumn(_ name: String, _ column: [Double]) {
            let start = beginColumn(expectedCount: column.count)
            values += column
            endColumn(name, start: start)
        }

        /// Where the values of a column about to be appended start; `expectedCount` sizes the
        /// buffer once for a block of columns that long.
        mutating func beginColumn(expectedCount: Int) -> Int {
            if values.isEmpty { values.reserveCapacity(expectedCount * 6) }
            return values.count
        }

        /// Appends one value of the column being read (NaN for a null).
        mutating func append(_ value: Double) { values.append(value) }

        /// Ends the column begun at `start` as `name`'s (a later column of the same name wins).
        mutating func endColumn(_ name: String, start: Int) {
            spans.removeAll { $0.name == name }
            spans.append(ColumnSpan(name: name, start: start, count: values.count - start))
        }

        /// Drops the values of a column begun at `start` and not kept.
        mutating func dropColumn(start: Int) { values.removeSubrange(start...) }

        static func == (left: Series, right: Series) -> Bool {
            left.time == right.time && left.unixTimes == right.unixTimes && left.malformed == right.malformed
                && left.columns == right.columns
        }
    }

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, current, hourly, daily
        case currentUnits = "current_units"
        case hourlyUnits = "hourly_units"
        case dailyUnits = "daily_units"
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try? container.decodeIfPresent(Double.self, forKey: .latitude)
        longitude = try? container.decodeIfPresent(Double.self, forKey: .longitude)
        current = try container.decodeIfPresent(Values.self, forKey: .current)
        hourly = try container.decodeIfPresent(Series.self, forKey: .hourly)
        daily = try container.decodeIfPresent(Series.self, forKey: .daily)
        currentUnits = Self.units(in: container, forKey: .currentUnits)
        hourlyUnits = Self.units(in: container, forKey: .hourlyUnits)
        dailyUnits = Self.units(in: container, forKey: .dailyUnits)
    }

    /// The string-valued entries of a `*_units` object; other entries are ignored.
    private static func units(
        in container: KeyedDecodingContainer<CodingKeys>, forKey key: CodingKeys
    ) -> [String: String] {
        guard let units = try? container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
        else { return [:] }
        var result: [String: String] = [:]
        for unitKey in units.allKeys {
            if let unit = try? units.decode(String.self, forKey: unitKey) {
                result[unitKey.stringValue] = unit
            }
        }
        return result
    }

    /// Throws when the element answers for a place far (over a degree) from `requested`: the
    /// array was out of step with the request, and its values belong to another city.
    func checkPosition(against requested: Coordinate) throws(FetchError) {
        guard let latitude, let longitude else { return }
        let answered = Coordinate(latitude: latitude, longitude: longitude)
        guard answered.distanceInDegrees(to: requested) <= 1 else {
            throw .invalidLocation(
                "answers for \(Coordinate.format(latitude)),\(Coordinate.format(longitude)), "
                    + "not \(Coordinate.format(requested.latitude)),\(Coordinate.format(requested.longitude))"
            )
        }
    }
}
