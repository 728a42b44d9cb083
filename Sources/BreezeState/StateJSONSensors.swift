import BreezeJSON
import BreezeModel
import BreezeVocabulary

// The sensors' part of a city record (`ground`) and of its alerting AQI (`sensor`), checked
// as the rest of the state: known kinds and placements, AQIs on the scale, PM2.5 a finite
// number not below 0, times between 1970 and 9999. Names and labels are kept exactly as
// written (東京, control characters): the pages and messages escape them where they show.
extension StateJSONReader {
    static func readGround(_ scanner: inout JSONScanner) throws(Failure) -> CityGround {
        var sensors: [SensorStatus]?
        try members(&scanner, of: "a city's sensors") { scanner, key throws(Failure) in
            guard key.equals("sensors") else { return try skip(&scanner) }
            guard try peek(&scanner) == .array else { throw scanner.error("'sensors' is not an array") }
            var read: [SensorStatus] = []
            try scanner.readArray(depth: 3) { scanner throws(Failure) in read.append(try readSensor(&scanner)) }
            sensors = read
        }
        return CityGround(sensors: try required(scanner, sensors, "sensors"))
    }

    private static func readSensor(_ scanner: inout JSONScanner) throws(Failure) -> SensorStatus {
        var name: String?
        var kind: SensorKind?
        var placement: SensorPlacement?
        var label: String?
        var stale: Bool?
        var sensor = SensorStatus(name: "", kind: .purpleAir, placement: .outdoor, label: "")
        try members(&scanner, of: "a sensor") { scanner, key throws(Failure) in
            if key.equals("name") {
                name = try string(&scanner, "name")
            } else if key.equals("label") {
                label = try string(&scanner, "label")
            } else if key.equals("kind") {
                let text = try string(&scanner, "kind")
                guard let known = SensorKind(rawValue: text) else { throw scanner.error("unknown sensor kind '\(text)'") }
                kind = known
            } else if key.equals("placement") {
                let text = try string(&scanner, "placement")
                guard let known = SensorPlacement(rawValue: text) else { throw scanner.error("unknown placement '\(text)'") }
                placement = known
            } else if key.equals("pm2_5") {
                sensor.pm2_5 = try optional(&scanner) { scanner throws(Failure) in
                    try number(&scanner, "pm2_5", in: 0...Double.greatestFiniteMagnitude)
                }
            } else if key.equals("invalidReason") {
                sensor.invalidReason = try optional(&scanner) { scanner throws(Failure) in try string(&scanner, "invalidReason") }
            } else if key.equals("lastValidAt") {
                sensor.lastValidAt = try optionalTime(&scanner, "lastValidAt")
            } else if key.equals("nowCastAQI") {
                sensor.nowCastAQI = try optional(&scanner) { scanner throws(Failure) in try index(&scanner, "nowCastAQI") }
            } else if key.equals("stale") {
                guard try peek(&scanner) == .boolean else { throw scanner.error("'stale' is not a boolean") }
                stale = try scanner.readBoolean()
            } else {
                try skip(&scanner)
            }
        }
        sensor.name = try required(scanner, name, "name")
        sensor.kind = try required(scanner, kind, "kind")
        sensor.placement = try required(scanner, placement, "placement")
        sensor.label = try required(scanner, label, "label")
        sensor.stale = try required(scanner, stale, "stale")
        return sensor
    }

    /// An alerting AQI's `sensor`: its label and the model's value and source beside it; the
    /// model is NowCast or Open-Meteo's, never a sensor.
    static func readSensorRating(_ scanner: inout JSONScanner) throws(Failure) -> SensorRating {
        var label: String?
        var modelAQI: Int?
        var modelSource: AQISource?
        try members(&scanner, of: "a sensor rating") { scanner, key throws(Failure) in
            if key.equals("label") {
                label = try string(&scanner, "label")
            } else if key.equals("modelAQI") {
                modelAQI = try optional(&scanner) { scanner throws(Failure) in try index(&scanner, "modelAQI") }
            } else if key.equals("modelSource") {
                let text = try string(&scanner, "modelSource")
                guard let known = AQISource(rawValue: text), known != .sensor else {
                    throw scanner.error("unknown model source '\(text)'")
                }
                modelSource = known
            } else {
                try skip(&scanner)
            }
        }
        return SensorRating(
            label: try required(scanner, label, "label"), modelAQI: modelAQI,
            modelSource: try required(scanner, modelSource, "modelSource"))
    }
}
