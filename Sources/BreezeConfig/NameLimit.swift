/// How long a name may be: a section's (`[City "…"]`, `[Webhook "…"]`) and a city's
/// `Country=` and `Region=`, in Unicode scalars. Alerts, pages, logs and `breezectl` show them
/// whole, so a geocoder's 5 MB name must stop at the configuration's door.
public enum NameLimit {
    /// At most this many Unicode scalars (東京 is 2, a 200-letter name just fits).
    public static let maximumLength = 200

    /// `is 5242880 characters long; at most 200`, or nil when `name` fits.
    public static func problem(_ name: String) -> String? {
        let length = name.unicodeScalars.count
        guard length > maximumLength else { return nil }
        return "is \(length) characters long; at most \(maximumLength)"
    }
}
