// libFuzzer target: the EPA AQI maths on any numbers, as `breezectl aqi KEY=VALUE…` gives them
// (exact decimals in any unit) and as Open-Meteo's hourly values reach NowCast (Doubles).
// Input: lines `KEY=NUMBER UNIT` (`o3=0.078 ppm`, unit optional: µg/m³). Built and run by
// scripts/fuzz; a crash found is kept in Tests/Fuzz/Corpus/aqi.
import BreezeModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAQI(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var concentrations: [AQIKey: Concentration] = [:]
    var hourly: [Double?] = []
    for line in text.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let value = parts[1].split(separator: " ")
        guard let number = value.first else { continue }
        let unit = value.dropFirst().first.flatMap { ConcentrationUnit(rawValue: String($0)) } ?? .microgramsPerCubicMetre
        hourly.append(Double(number))
        guard let key = AQIKey(rawValue: String(parts[0])), let decimal = ExactDecimal(number) else { continue }
        concentrations[key] = Concentration(decimal, unit)
    }
    if let index = try? AirQualityIndex(concentrations: concentrations) {
        _ = (index.aqi, index.band, index.category, index.dominant)
        for subIndex in index.subIndices { _ = (subIndex.note, subIndex.truncated.description) }
    }
    for key in [AQIKey.pm2_5, .pm10] { _ = NowCast.subIndex(key, hourly: hourly) }
    _ = NowCast.concentration(hourly: hourly)
    return 0
}
