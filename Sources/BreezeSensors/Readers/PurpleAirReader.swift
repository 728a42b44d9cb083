import BreezeVocabulary

/// A PurpleAir's local `GET /json` (PurpleAir's "Local JSON Documentation", firmware 7.04):
/// channel A's fields, and on a dual-laser unit the same names ending in `_b` for channel B.
///
/// - Dual laser: `hardwarediscovered` names `PMSX003-B`, or any `pm…_b` field is there. Both
///   channels must then be there, and agree by EPA's rule (`ChannelAgreement`, on the CF=1
///   pair `pm2_5_cf_1`/`pm2_5_cf_1_b`). A single-laser unit has no `_b` field at all and is
///   read from channel A alone.
/// - Correction: EPA's piecewise one (`EPACorrection.purpleAir`) on the mean of the channels'
///   `pm2_5_atm` with `current_humidity`; a body without `pm2_5_atm` on every channel takes
///   Barkjohn et al. 2021's linear CF=1 form, `max(0, 0.524·cf1 − 0.0862·RH + 5.75)`, on the
///   `pm2_5_cf_1` mean. `rawPM2_5` is the mean the correction took. No humidity, no correction: invalid.
/// - `DateTime` (`2025/05/08T20:27:22z`, UTC) is `at` unless it is unreadable, more than a
///   minute ahead of the answer's arrival or more than an hour behind it; `period` (s, 120 for
///   the 2-minute means) is `covers`; `SensorId` (the MAC) is `deviceID`.
public enum PurpleAirReader {
    /// The span a `/json` answer averages when its `period` is missing or off 1…3600 s.
    public static let defaultPeriod = Duration.seconds(120)

    /// The sample in `body`, received at `receivedAt`; a failure when it is not a PurpleAir's
    /// answer at all ("answered HTML, not JSON", "not a PurpleAir answer: no pm2_5_cf_1").
    public static func read(_ body: [UInt8], receivedAt: Instant, pollInterval: Duration) -> Result<SensorAnswer, SensorFailure> {
        SensorBody.read(body).flatMap { tree in
            guard case .object(let fields) = tree else {
                return .failure(SensorFailure("not a PurpleAir answer: \(tree.kindName), not an object"))
            }
            guard fields["pm2_5_cf_1"] != nil else {
                return .failure(SensorFailure("not a PurpleAir answer: no pm2_5_cf_1"))
            }
            return .success(.sample(sample(fields, receivedAt: receivedAt)))
        }
    }

    private static func sample(_ fields: [String: SensorBody], receivedAt: Instant) -> SensorSample {
        var sample = SensorSample(
            at: time(fields["DateTime"], receivedAt: receivedAt), covers: period(fields["period"]),
            pm2_5: nil, rawPM2_5: nil, deviceID: fields["SensorId"]?.text, correction: .epaPurpleAir)
        let dual = fields["hardwarediscovered"]?.text?.contains("PMSX003-B") == true
            || fields.keys.contains { $0.hasPrefix("pm") && $0.hasSuffix("_b") }
        let channels = dual ? ["", "_b"] : [""]
        do throws(SensorFailure) {
            let cf1 = try readings(fields, "pm2_5_cf_1", channels)
            let hasATM = channels.allSatisfy { fields["pm2_5_atm" + $0] != nil }
            let atm = hasATM ? try readings(fields, "pm2_5_atm", channels) : nil
            sample.rawPM2_5 = mean(atm ?? cf1)
            guard let written = fields["current_humidity"] else {
                throw SensorFailure("no current_humidity to correct with")
            }
            let humidity = try SensorNumbers.humidity(written, field: "current_humidity").get()
            sample.humidity = humidity
            if dual, let reason = ChannelAgreement.disagreement(a: cf1[0], b: cf1[1]) { throw SensorFailure(reason) }
            if let atm {
                sample.pm2_5 = EPACorrection.purpleAir(atm: mean(atm), humidity: humidity)
            } else {
                sample.pm2_5 = EPACorrection.barkjohn2021(cf1: mean(cf1), humidity: humidity)
            }
        } catch {
            sample.pm2_5 = nil
            sample.invalidReason = error.message
        }
        return sample
    }

    /// The checked concentrations of `field` in each of `channels` (suffixes "" and "_b").
    private static func readings(
        _ fields: [String: SensorBody], _ field: String, _ channels: [String]
    ) throws(SensorFailure) -> [Double] {
        var values: [Double] = []
        for channel in channels { values.append(try reading(fields, field + channel)) }
        return values
    }

    /// The checked concentration `field` holds; a channel missing on a dual-laser unit says so.
    private static func reading(_ fields: [String: SensorBody], _ field: String) throws(SensorFailure) -> Double {
        guard let value = fields[field] else {
            throw SensorFailure(field.hasSuffix("_b") ? "channel B missing on a dual-laser sensor" : "no \(field)")
        }
        return try SensorNumbers.concentration(value, field: field).get()
    }

    private static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    /// `period` as a span when it is a number of seconds in 1…3600, else `defaultPeriod`.
    private static func period(_ value: SensorBody?) -> Duration {
        guard let value, case .success(let seconds) = SensorNumbers.number(value, field: "period"),
            (1...3600).contains(seconds)
        else { return defaultPeriod }
        return .seconds(seconds)
    }

    /// `DateTime` when readable and plausible beside `receivedAt`, else `receivedAt`.
    private static func time(_ value: SensorBody?, receivedAt: Instant) -> Instant {
        guard let text = value?.text else { return receivedAt }
        // "2025/05/08T20:27:22z" is Open-Meteo's form with slashes and a lower-case zone letter.
        let openMeteoForm = text.replacingSlashesWithDashes.uppercasingFinalZ
        guard let seconds = SampleTime.utcSeconds(openMeteoForm) else { return receivedAt }
        return SampleTime.plausible(Instant(unixSeconds: seconds), receivedAt: receivedAt)
    }
}

extension String {
    fileprivate var replacingSlashesWithDashes: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "/" ? "-" : $0 }))
    }

    fileprivate var uppercasingFinalZ: String { hasSuffix("z") ? String(dropLast()) + "Z" : self }
}
