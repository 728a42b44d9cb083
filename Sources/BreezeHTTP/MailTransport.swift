/// Submits one message over SMTP and waits for the server's last word on it.
///
/// Synchronous, as `HTTPTransport`: bounded by the submission's timeouts. Implementations are
/// safe to call from several threads at once. The libcurl one is `CurlMailTransport`; unit
/// tests inject their own at this seam.
public protocol MailTransport: Sendable {
    /// What became of `submission`; never throws: a failure is a result.
    func submit(_ submission: MailSubmission) -> MailSubmissionResult
}

/// One message to submit (RFC 6409): where, as whom, the envelope, the message and the limits.
public struct MailSubmission: Sendable {
    /// `smtp://host[:port]` (STARTTLS) or `smtps://host[:port]` (TLS from the first byte).
    public var url: String
    /// The name given in `EHLO`; nil for libcurl's own.
    public var helloName: String?
    /// The envelope sender (`MAIL FROM`).
    public var sender: String
    /// The envelope recipients (`RCPT TO`), each tried even when another is refused.
    public var recipients: [String]
    /// The RFC 5322 message; its lines may end in LF, they go as CRLF.
    public var message: [UInt8]
    /// `AUTH` credentials; nil: no `AUTH`.
    public var user: String?
    public var password: String?
    /// Whether the session must be encrypted (STARTTLS on `smtp://`): a server that does not
    /// offer it, or refuses it, fails the submission; nothing goes in plain text. False only
    /// to a loopback host, which the configuration checks.
    public var requiresTLS: Bool
    /// A PEM file of the certificate authorities to trust instead of the system's.
    public var caFile: String?
    /// The most time to connect (TCP and TLS).
    public var connectTimeout: Duration
    /// The most time for the whole submission.
    public var totalTimeout: Duration

    /// A submission with every part given.
    public init(
        url: String, helloName: String? = nil, sender: String, recipients: [String], message: [UInt8],
        user: String? = nil, password: String? = nil, requiresTLS: Bool = true, caFile: String? = nil,
        connectTimeout: Duration = .seconds(10), totalTimeout: Duration = .seconds(60)
    ) {
        self.url = url
        self.helloName = helloName
        self.sender = sender
        self.recipients = recipients
        self.message = message
        self.user = user
        self.password = password
        self.requiresTLS = requiresTLS
        self.caFile = caFile
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
    }
}

/// One SMTP reply: its code and its text, the lines of a multi-line reply joined by spaces.
/// The text is the server's, unfiltered: redact it and remove its controls before showing it.
public struct SMTPReply: Sendable, Equatable, CustomStringConvertible {
    public var code: Int
    public var text: String

    public init(code: Int, text: String) {
        self.code = code
        self.text = text
    }

    /// `550 5.1.1 <bob@example.org>: no such user`.
    public var description: String { text.isEmpty ? String(code) : "\(code) \(text)" }
}

/// A recipient the server refused (`RCPT TO` answered other than 2xx), and its reply.
public struct RefusedRecipient: Sendable, Equatable {
    public var address: String
    public var reply: SMTPReply

    public init(address: String, reply: SMTPReply) {
        self.address = address
        self.reply = reply
    }
}

/// What became of one submission.
public enum MailSubmissionResult: Sendable, Equatable {
    /// The server took the message for every recipient but `refused`.
    case accepted(refused: [RefusedRecipient])
    /// The server answered `reply` (4xx or 5xx) and did not take the message; `refused` are the
    /// recipients it had already refused one by one (all of them, when that was the reason).
    case rejected(SMTPReply, refused: [RefusedRecipient])
    /// No reply to judge: no connection, a timeout, TLS failed or was not offered. Why, in words.
    case failed(String)
}
