import BreezeVocabulary

/// A sensor.community (airrohr) sensor's local `GET /data.json` (opendata-stuttgart
/// sensors-software, `airrohr-firmware.ino`, `webserver_data_json`): the JSON it last sent
/// upstream, `{"software_version": …, "age": "37", "sensordatavalues": [{"value_type":
/// "SDS_P2", "value": "7.45"}, …]}`. Every value is a string.
///
/// - PM2.5 is `SDS_P2`, else `PMS_P2`, else `SPS30_P2`: `P2` is PM2.5 and `P1` PM10 (the
///   firmware's historical names). No correction: none is agreed for the SDS011 and its kin,
///   and sensor.community publishes the raw values (`SensorCorrection.none`).
/// - Humidity (`BME280_humidity`, DHT22's `humidity`, `SHT3X_humidity`) is shown, not used.
/// - `age` is the seconds since that send: `at` is the arrival less `age` when it is within the
///   send interval. Before its first measurement the firmware answers a negative `age` and no
///   values: "no measurement yet".
/// - `interval` (ms, 145000 by default) is `covers`. The SDS011 value is a trimmed mean of its
///   last seconds of the cycle, not of the whole interval; it stands for the cycle, as
///   sensor.community uses it.
public enum SensorCommunityReader {
    /// The firmware's default send interval, for a body without a sane `interval`.
    public static let defaultInterval = Duration.seconds(145)

    /// PM2.5's value types, in the order they are taken.
    public static let pm2_5Types = ["SDS_P2", "PMS_P2", "SPS30_P2"]
    /// Humidity's value types, in the order they are taken.
    public static let humidityTypes = ["BME280_humidity", "humidity", "SHT3X_humidity"]

    /// The sample in `body`; a failure when it is not a sensor.community answer ("not a
    /// sensor.community answer: no sensordatavalues").
    public static func read(_ body: [UInt8], receivedAt: Instant, pollInterval: Duration) -> Result<SensorAnswer, SensorFailure> {
        SensorBody.read(body).flatMap { tree in
            guard case .array(let items) = tree["sensordatavalues"] ?? .other(.null) else {
                return .failure(SensorFailure("not a sensor.community answer: no sensordatavalues"))
            }
            var values: [String: SensorBody] = [:]
            for item in items {
                if let type = item["value_type"]?.text, let value = item["value"] { values[type] = value }
            }
            return .success(.sample(sample(values, age: tree["age"], receivedAt: receivedAt)))
        }
    }

    private static func sample(_ values: [String: SensorBody], age: SensorBody?, receivedAt: Instant) -> SensorSample {
        let interval = interval(values["interval"])
        let ageSeconds = age.flatMap { try? SensorNumbers.number($0, field: "age", numericText: true).get() }
        var at = receivedAt
        if let ageSeconds, ageSeconds >= 0, ageSeconds <= interval.seconds { at = receivedAt - .seconds(ageSeconds) }
        let humidity = humidityTypes.lazy.compactMap { type in
            values[type].flatMap { try? SensorNumbers.humidity($0, field: type, numericText: true).get() }
        }.first
        var sample = SensorSample(at: at, covers: interval, pm2_5: nil, rawPM2_5: nil, humidity: humidity, correction: .none)
        guard let type = pm2_5Types.first(where: { values[$0] != nil }), let value = values[type],
            ageSeconds.map({ $0 >= 0 }) ?? true
        else {
            sample.invalidReason = "no measurement yet"
            return sample
        }
        switch SensorNumbers.concentration(value, field: type, numericText: true) {
        case .success(let pm2_5):
            sample.pm2_5 = pm2_5
            sample.rawPM2_5 = pm2_5
        case .failure(let failure):
            sample.invalidReason = failure.message
        }
        return sample
    }

    /// `interval` (ms, a string) as a span when it is 1…3600 s, else `defaultInterval`.
    private static func interval(_ value: SensorBody?) -> Duration {
        guard let value, case .success(let milliseconds) = SensorNumbers.number(value, field: "interval", numericText: true),
            (1000...3_600_000).contains(milliseconds)
        else { return defaultInterval }
        return .milliseconds(milliseconds)
    }
}
