import BreezeVocabulary

/// An AirGradient monitor's local `GET /measures/current` (airgradienthq/arduino
/// `docs/local-server.md`, firmware ≥ 3.0.10): `pm02` is PM2.5 at ATM, `rhum` the humidity,
/// `serialno` the device. A sensor that failed is left out of the body (its key is absent): a
/// body with `serialno` and no PM2.5 is an invalid sample ("no pm02: …"), not a failure.
///
/// - `pm02Compensated` (firmware ≥ 3.1.4) is EPA's correction already applied on the device
///   (`PMSBase::compensate`): taken as it is (`SensorCorrection.device`), never corrected again.
/// - Without it, `pm02` goes through the same EPA correction (`EPACorrection.purpleAir`: the
///   PMS5003 is the PurpleAir's laser, and `pm02` is its ATM value) with `rhum`.
/// - A dual-PMS Open Air (`O-1PPT`, `O-1PP`) also gives each sensor's values under
///   `"channels": {"1": {…}, "2": {…}}` (its top level is their mean): when both are there
///   their `pm02` must agree by EPA's rule (`ChannelAgreement`).
/// - The values are running means over about the poll interval: `covers` is `pollInterval`,
///   `at` the arrival (the body has no time).
public enum AirGradientReader {
    /// The sample in `body`; a failure when it is not an AirGradient's answer ("not an
    /// AirGradient answer: no pm02").
    public static func read(_ body: [UInt8], receivedAt: Instant, pollInterval: Duration) -> Result<SensorAnswer, SensorFailure> {
        SensorBody.read(body).flatMap { tree in
            guard case .object(let fields) = tree else {
                return .failure(SensorFailure("not an AirGradient answer: \(tree.kindName), not an object"))
            }
            // A monitor whose PM sensor failed leaves pm02 out but still names itself.
            guard fields["pm02"] != nil || fields["pm02Compensated"] != nil || fields["serialno"] != nil else {
                return .failure(SensorFailure("not an AirGradient answer: no pm02"))
            }
            return .success(.sample(sample(fields, receivedAt: receivedAt, pollInterval: pollInterval)))
        }
    }

    private static func sample(_ fields: [String: SensorBody], receivedAt: Instant, pollInterval: Duration) -> SensorSample {
        let compensated = fields["pm02Compensated"]
        var sample = SensorSample(
            at: receivedAt, covers: pollInterval, pm2_5: nil, rawPM2_5: nil, deviceID: fields["serialno"]?.text,
            correction: compensated == nil ? .epaPurpleAir : .device)
        do throws(SensorFailure) {
            let raw = try fields["pm02"].map { value throws(SensorFailure) in
                try SensorNumbers.concentration(value, field: "pm02").get()
            }
            sample.rawPM2_5 = raw
            let humidity = try fields["rhum"].map { value throws(SensorFailure) in
                try SensorNumbers.humidity(value, field: "rhum").get()
            }
            sample.humidity = humidity
            try checkChannels(fields["channels"])
            if let compensated {
                sample.pm2_5 = try SensorNumbers.concentration(compensated, field: "pm02Compensated").get()
            } else if let raw {
                guard let humidity else { throw SensorFailure("no rhum to correct with") }
                sample.pm2_5 = EPACorrection.purpleAir(atm: raw, humidity: humidity)
            } else {
                throw SensorFailure("no pm02: the monitor reports no PM2.5")
            }
        } catch {
            sample.pm2_5 = nil
            sample.invalidReason = error.message
        }
        return sample
    }

    /// EPA's A/B rule on an Open Air's two sensors, when it reports both.
    private static func checkChannels(_ channels: SensorBody?) throws(SensorFailure) {
        guard let first = channels?["1"]?["pm02"], let second = channels?["2"]?["pm02"] else { return }
        let a = try SensorNumbers.concentration(first, field: "channels.1.pm02").get()
        let b = try SensorNumbers.concentration(second, field: "channels.2.pm02").get()
        if let reason = ChannelAgreement.disagreement(a: a, b: b) { throw SensorFailure(reason) }
    }
}
