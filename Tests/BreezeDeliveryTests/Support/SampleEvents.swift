import BreezeAlerts
import BreezeModel
import Foundation
import BreezeVocabulary

/// Events as the state machine makes them, for the format and receiver tests.
enum SampleEvents {
    static let paris = City(name: "Paris", latitude: 48.8566, longitude: 2.3522, timeZone: "Europe/Paris")
    /// 2026-08-20T14:05:00Z.
    static let createdAt: Instant = 1_787_234_700

    static func event(
        _ kind: AlertEventKind = .firing, city: City = paris, aqi: Int? = 162,
        band: Band? = .unhealthy, previousBand: Band? = .moderate, id: String? = nil
    ) -> AlertEvent {
        AlertEvent(
            id: id ?? "paris-1787234700-1-\(kind.rawValue)", kind: kind, city: city, aqi: aqi,
            band: band, previousBand: previousBand, dominantPollutant: .pm2_5,
            concentrations: [.pm2_5: 93, .no2: 41.25, .o3: 80],
            pollutantsOverLimit: [.pm2_5], observedAt: "2026-08-20T14:00", createdAt: createdAt)
    }

    /// Parses JSON bytes into Foundation values.
    static func json(_ bytes: [UInt8]?) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(bytes ?? []))
    }
}

extension Array where Element == (name: String, value: String) {
    /// The value of the first header named `name` (case-insensitive).
    func value(_ name: String) -> String? {
        first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
