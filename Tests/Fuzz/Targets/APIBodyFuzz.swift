// libFuzzer target: an Open-Meteo air-quality body read by the one-pass JSON scanner
// (LocationElements), then every element checked and converted as breezed and breezectl now
// do: current conditions, the poll's hourly concentrations, hourly series, the alert
// machine's observation.
// Built and run by scripts/fuzz; a crash found is kept in Tests/Fuzz/Corpus/api-body.
import BreezeAlerts
import BreezeConfig
import BreezeModel
@testable import BreezeOpenMeteo
import BreezeVocabulary

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPIBody(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    guard let elements = try? LocationElements.decode(body) else { return 0 }
    let requested = Coordinate(latitude: 52.52, longitude: 13.41)
    let city = City(name: "Berlin", latitude: 52.52, longitude: 13.41)
    for case .success(let payload) in elements {
        if let conditions = try? CurrentConditions(payload, requested: requested) {
            let reading = conditions.reading
            _ = reading.band
            let observation = Observation(
                aqi: reading.usAQI, concentrations: reading.concentrations,
                dominantPollutant: reading.dominantPollutant, observedAt: reading.time)
            _ = AlertStateMachine.evaluate(
                observation, city: city, rule: AlertRule(threshold: 101, confirmAfter: 1),
                state: CityAlertState(), now: Instant(unixSeconds: 1_800_000_000))
        }
        if let poll = try? PollConditions(payload, requested: requested, shape: .standard) {
            _ = poll.hourly.newestFirst(.pm2_5, count: 12)
            _ = poll.hourly.lastHourWithValue(.o3)
            _ = poll.alertingAQI(.nowcast)
        }
        _ = try? HourlySeries(payload, requested: requested)
    }
    return 0
}
