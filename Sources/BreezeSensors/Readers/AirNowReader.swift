import BreezeConfig
import BreezeModel
import BreezeVocabulary

/// AirNow's current observations by latitude and longitude (`aq/observation/current/ziplatlong/`,
/// the service that replaced `aq/observation/latLong/current/` on 2026-09-30; field names as in
/// pyairnow #17/#18): an array, one object per pollutant at the closest reporting monitor, with
/// `dateObserved`, `hourObserved` ("14:00"), `localTimeZone` ("PDT"), `reportingAreaName`,
/// `siteName`, `parameterName` ("PM2.5", "OZONE", "PM10"), `nowcastAQI` and `reportingAgency`.
///
/// - `[]` is no data near the point: `.airNow([])`.
/// - `{"WebServiceError": [{"Message": "Invalid API key"}]}` is a failure with AirNow's message;
///   `limitReached` when it speaks of a limit or of too many requests.
/// - An observation whose `nowcastAQI` is not a number or off 0…500 (AirNow writes −1 for
///   none) is left out, as is one that names no pollutant.
public enum AirNowReader {
    /// The longest piece of AirNow's own error message kept in a failure.
    static let longestMessage = 200

    /// The observations in `body`; a failure for AirNow's error or a body of another shape.
    /// `receivedAt` and `pollInterval` are not used: every observation carries its own hour.
    public static func read(_ body: [UInt8], receivedAt: Instant, pollInterval: Duration) -> Result<SensorAnswer, SensorFailure> {
        SensorBody.read(body).flatMap { tree in
            switch tree {
            case .array(let elements):
                return .success(.airNow(elements.compactMap(observation)))
            case .object(let members) where members["WebServiceError"] != nil:
                return .failure(serviceError(members["WebServiceError"]!))
            default:
                return .failure(SensorFailure("not an AirNow answer: \(tree.kindName), not a list of observations"))
            }
        }
    }

    /// AirNow's error as a failure: "AirNow refused the request: Invalid API key".
    static func serviceError(_ value: SensorBody) -> SensorFailure {
        var messages: [String] = []
        if case .array(let errors) = value {
            messages = errors.compactMap { $0["Message"]?.text }
        }
        let message = messages.first.map { VisibleText.escaped(String($0.prefix(longestMessage))) } ?? "no message"
        let lowered = messages.joined(separator: " ").lowercased()
        let limit = lowered.contains("limit") || lowered.contains("too many")
        return SensorFailure("AirNow refused the request: \(message)", limitReached: limit)
    }

    private static func observation(_ element: SensorBody) -> AirNowObservation? {
        guard let parameter = element["parameterName"]?.text?.trimmingASCIISpaces, !parameter.isEmpty,
            let written = element["nowcastAQI"],
            case .success(let number) = SensorNumbers.number(written, field: "nowcastAQI"),
            case .success(let aqi) = ReportedValue.aqi(number, variable: "nowcastAQI")
        else { return nil }
        let reportingArea = (element["reportingAreaName"]?.text?.trimmingASCIISpaces).map(named)
        return AirNowObservation(
            parameter: parameter, pollutant: pollutant(parameter), nowCastAQI: aqi,
            siteName: (element["siteName"]?.text?.trimmingASCIISpaces).map(named) ?? reportingArea ?? "",
            reportingArea: reportingArea, agency: (element["reportingAgency"]?.text?.trimmingASCIISpaces).map(named),
            hourStart: AirNowTime.hourStart(
                date: element["dateObserved"]?.text, hour: element["hourObserved"], zone: element["localTimeZone"]?.text))
    }

    /// A name from AirNow as labels carry it: at most `NameLimit.maximumLength` scalars, as
    /// every name Breeze shows (a server can answer a site name of 200 KB).
    static func named(_ text: String) -> String {
        text.unicodeScalars.count <= NameLimit.maximumLength
            ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(NameLimit.maximumLength - 1))) + "…"
    }

    /// The pollutant AirNow's `parameterName` names; nil for one Breeze does not rate.
    public static func pollutant(_ parameter: String) -> Pollutant? {
        switch parameter.uppercased() {
        case "PM2.5", "PM25": .pm2_5
        case "PM10": .pm10
        case "OZONE", "O3": .o3
        case "NO2": .no2
        case "SO2": .so2
        case "CO": .co
        default: nil
        }
    }
}
