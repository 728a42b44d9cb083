/// Where an `[Email "…"]` receiver's messages go: exactly one of `SMTP=`, `Sendmail=` or a
/// Maildir (`Spool=`, or the default one when none of the three is set).
public enum MailDestination: Sendable, Equatable {
    /// Submitted to an SMTP server (`SMTP=` and its keys).
    case smtp(SMTPSettings)
    /// Handed to a sendmail-compatible program (`Sendmail=`, an absolute path).
    case sendmail(program: String)
    /// Written to the Maildir at `path` and sent nowhere. `chosen` when `Spool=` named it;
    /// false for the default `<StateDirectory>/mail`, which nobody may be reading.
    case maildir(path: String, chosen: Bool)

    /// The Maildir messages stay in, if that is where they go.
    public var maildir: String? {
        if case .maildir(let path, _) = self { return path }
        return nil
    }
}

/// `StartTLS=`: whether an `smtp://` session must be encrypted before `AUTH` and `MAIL FROM`.
public enum StartTLSSetting: String, Sendable, CaseIterable {
    /// STARTTLS, or no mail at all (the default).
    case required
    /// Plain text: allowed only to 127.0.0.1, ::1 or localhost.
    case no
}

/// `SMTP=` and its keys: the server, the credentials and how the session is protected.
public struct SMTPSettings: Sendable, Equatable {
    /// `smtp://host[:port]` or `smtps://host[:port]`, as configured: no credentials, no path.
    public var url: String
    /// The host `url` names (without brackets, for an IPv6 address).
    public var host: String
    /// `SMTPUser=`: who to log in as (`AUTH`); nil: no login.
    public var user: String?
    /// `SMTPPassword=` or the content of `SMTPPasswordFile=`.
    public var password: Secret?
    /// `StartTLS=`; meaningful for `smtp://` (an `smtps://` session is TLS from the start).
    public var startTLS: StartTLSSetting
    /// `CAFile=`: the certificate authorities to trust instead of the system's.
    public var caFile: String?

    /// Settings for the server at `url` (whose host is `host`).
    public init(
        url: String, host: String, user: String? = nil, password: Secret? = nil,
        startTLS: StartTLSSetting = .required, caFile: String? = nil
    ) {
        self.url = url
        self.host = host
        self.user = user
        self.password = password
        self.startTLS = startTLS
        self.caFile = caFile
    }

    /// The hosts to which `StartTLS=no` may send in plain text: this machine's own.
    public static let loopbackHosts: Set<String> = ["127.0.0.1", "::1", "localhost"]
}
