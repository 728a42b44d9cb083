import BreezeHTTP
import Foundation

/// Open-Meteo-shaped bodies for the fake transport.
enum ResponseBodies {
    static let mu = "\u{03BC}g/m\u{00B3}"

    /// One location's element; `values` overrides the defaults (NSNull for null).
    static func element(
        latitude: Double, longitude: Double, aqi: Any = 42, values: [String: Any] = [:],
        units: [String: String] = [:]
    ) -> [String: Any] {
        var current: [String: Any] = [
            "time": "2026-08-20T14:00", "interval": 3600, "us_aqi": aqi, "pm10": 9.8, "pm2_5": 6.1,
            "carbon_monoxide": 180.0, "nitrogen_dioxide": 12.3, "sulphur_dioxide": 1.9, "ozone": 71.0,
        ]
        for (key, value) in values { current[key] = value }
        var currentUnits: [String: String] = [
            "time": "iso8601", "interval": "seconds", "us_aqi": "USAQI", "pm10": mu, "pm2_5": mu,
            "carbon_monoxide": mu, "nitrogen_dioxide": mu, "sulphur_dioxide": mu, "ozone": mu,
        ]
        for (key, value) in units { currentUnits[key] = value }
        return [
            "latitude": latitude, "longitude": longitude, "generationtime_ms": 0.4,
            "utc_offset_seconds": 0, "timezone": "GMT", "current_units": currentUnits,
            "current": current,
        ]
    }

    static func json(_ object: Any) -> [UInt8] {
        Array(try! JSONSerialization.data(withJSONObject: object))
    }

    static func ok(_ object: Any) -> Result<HTTPResponse, HTTPError> {
        .success(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: json(object)))
    }

    static func error(_ status: Int, reason: String, retryAfter: Int? = nil) -> Result<HTTPResponse, HTTPError> {
        var headers: [String: String] = [:]
        if let retryAfter { headers["Retry-After"] = String(retryAfter) }
        return .success(
            HTTPResponse(status: status, headers: headers, body: json(["error": true, "reason": reason])))
    }

    /// The form fields of a recorded POST body.
    static func form(_ request: HTTPRequest) -> [String: String] {
        let text = String(decoding: request.body ?? [], as: UTF8.self)
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            fields[parts[0]] = parts.count > 1 ? parts[1].removingPercentEncoding : ""
        }
        return fields
    }
}
