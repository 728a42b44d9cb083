import BreezeModel

/// The sections and keys a configuration may contain.
enum Schema {
    /// A kind of section: its keys, whether it takes a name, and which keys it requires.
    struct Section {
        var kind: String
        var named: Bool
        var keys: [String]
        var required: [String] = []
    }

    /// The `[Alert]` keys, which `[City "…"]` sections accept too.
    static let alertKeys = [
        "Threshold", "Hysteresis", "ConfirmAfter", "RepeatEvery", "SendResolved",
        "PollutantLimits", "Notify", "AQISource",
        "ForecastThreshold", "ForecastAt", "ForecastDays",
        "SensitiveThreshold", "PollenThreshold", "UVThreshold",
    ]

    static let breeze = Section(
        kind: "Breeze", named: false,
        keys: [
            "PollInterval", "Jitter", "Timeout", "ApiURL", "GeocodingURL", "ArchiveURL", "ApiKey",
            "ApiKeyFile", "StateDirectory", "TemperatureUnit", "ControlSocket",
            "HeartbeatURL", "StatusPageExtras", "LogReadings",
        ])
    static let alert = Section(kind: "Alert", named: false, keys: alertKeys)
    static let city = Section(
        kind: "City", named: true,
        keys: ["Latitude", "Longitude", "TimeZone", "Country", "Region", "Enabled"] + alertKeys,
        required: ["Latitude", "Longitude"])
    static let webhook = Section(
        kind: "Webhook", named: true,
        keys: [
            "URL", "Format", "Secret", "SecretFile", "Header", "Timeout", "QuietHours", "TimeZone",
            "MaxAge", "RetryInitialDelay", "Enabled", "Digest", "Audience", "Group",
        ],
        required: ["URL"])
    static let email = Section(
        kind: "Email", named: true,
        keys: [
            "To", "From", "SMTP", "SMTPUser", "SMTPPassword", "SMTPPasswordFile", "StartTLS", "CAFile",
            "Sendmail", "Spool", "Timeout", "SubjectPrefix", "QuietHours", "TimeZone", "MaxAge",
            "RetryInitialDelay", "Enabled", "Digest", "Audience", "Group",
        ],
        required: ["To"])

    /// Where breezed serves its pages (the listener).
    static let web = Section(kind: "Web", named: false, keys: ["Listen"])

    /// A sensor read beside the model (`SensorSectionReader`).
    static let sensor = Section(
        kind: "Sensor", named: true,
        keys: ["Kind", "URL", "City", "Placement", "ApiKey", "ApiKeyFile", "StaleAfter"],
        required: ["Kind", "City"])

    static let sections = [breeze, alert, city, webhook, email, web, sensor]

    /// Keys whose assignments accumulate instead of replacing; an empty assignment clears them.
    static let repeatableKeys: Set<String> = ["Header"]

    /// Keys whose values are secrets: never echoed in any message.
    static let secretKeys: Set<String> = ["ApiKey", "Secret", "Header", "SMTPPassword"]

    /// Keys whose values are not echoed in messages: the secrets, webhook, sensor and heartbeat
    /// URLs, which often carry a token in their path (Slack, Discord, Healthchecks, Uptime Kuma)
    /// or a `user:password@`, and
    /// `SMTP=`, which may hold a password by mistake (refused, but never repeated).
    static let unechoedKeys: Set<String> = secretKeys.union(["URL", "HeartbeatURL", "SMTP"])

    /// Every key of every section.
    static let allKeys: Set<String> = Set(sections.flatMap(\.keys))

    /// The section kind named `kind`, if any.
    static func section(_ kind: String) -> Section? {
        sections.first { $0.kind == kind }
    }
}
