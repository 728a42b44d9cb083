import FoundationEssentials

/// The one place secrets are taken out of text before it is written anywhere: a log record, an
/// outbox or `dead/` file (world-readable), `breezectl status` and `test-alert`.
///
/// A server can echo a secret back in any of the forms it travelled in, so each secret is
/// removed in all of them: as written, percent-decoded (URL parts are configured encoded),
/// percent-encoded with upper- or lower-case hex and with `+` for spaces (an API key sent in a
/// form body comes back as `%2B` for `+`), JSON-escaped (`\/`), and base64 (standard and
/// URL-safe, so `Authorization: Basic <base64 of user:password>` is caught). Every form is
/// replaced by `<redacted>`, longest first, so a secret containing another is removed whole.
/// Forms under 4 characters are left alone: they would only mangle the text.
public struct Redactor: Sendable {
    /// What `redact` removes, longest first.
    private let forms: [String]

    /// A redactor for `secrets`, each in every form above.
    public init(secrets: [String]) {
        var unique = Set<String>()
        for secret in secrets where !secret.isEmpty {
            unique.formUnion(Self.forms(of: secret))
        }
        forms = unique.filter { $0.count >= 4 }.sorted { ($0.count, $0) > ($1.count, $1) }
    }

    /// Nothing to remove.
    public static let none = Redactor(secrets: [])

    /// `text` with every form of every secret replaced by `<redacted>`.
    public func redact(_ text: String) -> String {
        forms.reduce(text) { result, form in
            result.contains(form) ? result.replacing(form, with: "<redacted>") : result
        }
    }

    /// The forms in which `secret` may come back.
    static func forms(of secret: String) -> Set<String> {
        var plain: Set<String> = [secret]
        if let decoded = percentDecoded(secret), decoded != secret { plain.insert(decoded) }
        var forms = Set<String>()
        for text in plain {
            forms.insert(text)
            let upper = percentEncoded(text, upperCase: true)
            forms.formUnion([upper, percentEncoded(text, upperCase: false)])
            forms.insert(upper.replacing("%20", with: "+"))
            forms.insert(jsonEscaped(text))
            let base64 = Data(text.utf8).base64EncodedString()
            let unpadded = String(base64.prefix { $0 != "=" })
            forms.formUnion([base64, unpadded])
            forms.insert(unpadded.replacing("+", with: "-").replacing("/", with: "_"))
        }
        return forms
    }

    /// Every byte outside `A–Z a–z 0–9 - . _ ~` as `%XX`.
    /// `text` with each `%` and two hexadecimal digits as the byte they name; nil when a `%`
    /// lacks its digits or the bytes are not UTF-8 (as Foundation's `removingPercentEncoding`).
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        func digit(_ byte: UInt8?) -> UInt8? {
            switch byte {
            case let byte? where (0x30...0x39).contains(byte): byte - 0x30
            case let byte? where (0x41...0x46).contains(byte): byte - 0x37
            case let byte? where (0x61...0x66).contains(byte): byte - 0x57
            default: nil
            }
        }
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = digit(iterator.next()), let low = digit(iterator.next()) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func percentEncoded(_ text: String, upperCase: Bool) -> String {
        let digits = Array(upperCase ? "0123456789ABCDEF" : "0123456789abcdef")
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "-._~".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
            }
        }
        return result
    }

    /// As inside a JSON string written by a serializer that escapes `/` (Foundation, PHP).
    private static func jsonEscaped(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
            .replacing("/", with: "\\/")
    }
}

extension Redactor {
    /// Everything secret about a webhook: the URL (Slack and Discord URLs are tokens), each long
    /// path segment and query value on its own, its `user:password@` (and so the Basic header
    /// libcurl makes of it), every `Header=` value and the signing secret (and its key bytes).
    public init(webhook: WebhookConfiguration) {
        self.init(secrets: Self.secrets(ofURL: webhook.url) + webhook.headers.map(\.value.value)
            + (webhook.secret.map { Self.secrets(ofSigningSecret: $0.value) } ?? []))
    }

    /// Everything secret about a URL whose path or query is a token (`HeartbeatURL=`): the
    /// URL, its path, each long segment and query value, its credentials (see `secrets(ofURL:)`).
    public init(url: String) {
        self.init(secrets: Self.secrets(ofURL: url))
    }

    /// Everything secret about an `[Email]` receiver: its SMTP password, alone and as the
    /// credentials `AUTH PLAIN` (`\0user\0password`) and a Basic-style `user:password` carry
    /// it, each also in base64. Nothing without `SMTP=` and a password.
    public init(email: EmailConfiguration) {
        guard case .smtp(let settings) = email.destination, let password = settings.password?.value else {
            self.init(secrets: [])
            return
        }
        let user = settings.user ?? ""
        self.init(secrets: [password, user + ":" + password, "\u{0}" + user + "\u{0}" + password])
    }

    /// Everything secret about a `[Sensor]`: AirNow's key (`API_KEY=` in every request) and the
    /// `user:password@` of its URL, as configured and as libcurl sends it. Not the rest of the
    /// URL: a device's address and path (`/json`) are what its messages name.
    public init(sensor: SensorSettings) {
        self.init(secrets: (sensor.apiKey.map { [$0.value] } ?? []) + Self.secrets(ofCredentialsIn: sensor.url))
    }

    /// How a URL is named in text: its host, with `:port` when one is given; never its path,
    /// query or `user:password@`. `unreadable` when the URL has no host to name.
    public static func place(ofURL url: String, unreadable: String = "an unreadable host") -> String {
        let components = URLComponents(string: url)
        return (components?.host ?? unreadable) + (components?.port.map { ":\($0)" } ?? "")
    }

    static func secrets(ofURL url: String) -> [String] {
        var secrets = [url]
        guard let components = URLComponents(string: url) else { return secrets }
        let path = components.percentEncodedPath
        secrets.append(path)
        // Tokens are path segments (Slack's /services/T…/B…/<token>, Discord's
        // /api/webhooks/<id>/<token>) or query values: each long one is redacted alone too.
        secrets += path.split(separator: "/").map(String.init).filter { $0.count >= 8 }
        if let query = components.percentEncodedQuery {
            secrets.append(query)
            secrets += query.split(separator: "&").compactMap { $0.split(separator: "=", maxSplits: 1).last.map(String.init) }
        }
        return secrets + Self.secrets(ofCredentialsIn: url)
    }

    /// A URL's `user:password@`, when it has a password.
    static func secrets(ofCredentialsIn url: String) -> [String] {
        guard let components = URLComponents(string: url), let password = components.percentEncodedPassword else {
            return []
        }
        let user = components.percentEncodedUser ?? ""
        let decodedUser = percentDecoded(user) ?? user
        let decodedPassword = percentDecoded(password) ?? password
        // As configured, as libcurl sends it (decoded, then base64 in Authorization: Basic).
        return [password, user + ":" + password, decodedUser + ":" + decodedPassword]
    }

    static func secrets(ofSigningSecret secret: String) -> [String] {
        guard secret.hasPrefix("whsec_") else { return [secret] }
        var secrets = [secret, String(secret.dropFirst(6))]
        if let bytes = SigningSecret.keyBytes(secret), let key = String(validating: bytes, as: UTF8.self) {
            secrets.append(key)
        }
        return secrets
    }
}
