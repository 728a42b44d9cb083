import BreezeSensors
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

/// The fixture bodies of Tests/Fixtures/sensors, and hostile edits of them made on their text
/// (so a test can write what no serializer would: `1e400`, a string where a number belongs).
enum SensorBodies {
    static func text(_ name: String) throws -> String {
        try String(contentsOf: Fixtures.path("sensors/" + name), encoding: .utf8)
    }

    static func bytes(_ name: String) throws -> [UInt8] { Array(try text(name).utf8) }

    /// `text` with `"field":<value>` written `"field":<json>`; the field must be there.
    static func replacing(_ field: String, with json: String, in text: String) throws -> String {
        let pattern = "\"" + NSRegularExpression.escapedPattern(for: field) + "\"\\s*:\\s*(\"[^\"]*\"|[-+0-9.eE]+|true|false|null)"
        let expression = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        #expect(expression.numberOfMatches(in: text, range: range) == 1, "\(field) once in the body")
        return expression.stringByReplacingMatches(
            in: text, range: range, withTemplate: NSRegularExpression.escapedTemplate(for: "\"\(field)\":\(json)"))
    }

    /// `text` without the member `field`.
    static func removing(_ field: String, from text: String) throws -> String {
        let pattern = ",?\\s*\"" + NSRegularExpression.escapedPattern(for: field) + "\"\\s*:\\s*(\"[^\"]*\"|[-+0-9.eE]+|true|false|null)"
        let expression = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        #expect(expression.numberOfMatches(in: text, range: range) == 1, "\(field) once in the body")
        var result = expression.stringByReplacingMatches(in: text, range: range, withTemplate: "")
        if result.hasPrefix("{,") { result = "{" + result.dropFirst(2) }
        return result
    }

    /// The instant of `text` in ISO 8601 (`2025-05-08T20:27:22Z`), by Foundation: independent
    /// of the readers' own time parsing.
    static func instant(_ text: String) throws -> Instant {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let date = try #require(formatter.date(from: text))
        return Instant(unixSeconds: date.timeIntervalSince1970)
    }
}

extension Result where Success == SensorAnswer, Failure == SensorFailure {
    /// The sample, or nil for a failure or AirNow's observations.
    var sample: SensorSample? {
        guard case .success(.sample(let sample)) = self else { return nil }
        return sample
    }

    /// AirNow's observations, or nil.
    var observations: [AirNowObservation]? {
        guard case .success(.airNow(let observations)) = self else { return nil }
        return observations
    }

    /// The failure's message, or nil.
    var failureMessage: String? {
        guard case .failure(let failure) = self else { return nil }
        return failure.message
    }
}

/// Whether `value` is within 10⁻⁹ of `expected` (nil is not).
func near(_ value: Double?, _ expected: Double) -> Bool {
    guard let value else { return false }
    return abs(value - expected) < 1e-9
}

/// EPA's linear form at `x` µg/m³ and `rh` %, written out for the tests: 0.524x − 0.0862RH + 5.75.
func linearEPA(_ x: Double, _ rh: Double) -> Double {
    let slope: Double = 0.524 * x
    let humidity: Double = 0.0862 * rh
    return slope - humidity + 5.75
}

/// EPA's 50 ≤ x < 210 branch: 0.786x − 0.0862RH + 5.75.
func middleEPA(_ x: Double, _ rh: Double) -> Double {
    let slope: Double = 0.786 * x
    let humidity: Double = 0.0862 * rh
    return slope - humidity + 5.75
}
