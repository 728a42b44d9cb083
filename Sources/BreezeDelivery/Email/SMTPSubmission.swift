import BreezeConfig
import BreezeHTTP
import BreezeVocabulary

/// Hands one message to the `SMTP=` server through a `MailTransport` (libcurl's in production):
/// the envelope is `From=` and `To=`, the message the same RFC 5322 text a Maildir would get.
struct SMTPSubmission: Sendable {
    let settings: SMTPSettings
    let transport: any MailTransport
    /// The `EHLO` name: this host's.
    let hostname: String
    /// `Timeout=`: the whole submission's limit (connecting: at most 10 s of it).
    let timeout: Duration
    let redactor: Redactor

    /// Submits `message` from `sender` to `recipients` and judges the result.
    func send(_ message: [UInt8], from sender: String, to recipients: [String]) -> DeliveryOutcome {
        // The configuration admits plain addresses only; a control character here would become
        // an SMTP command of its own (`RCPT TO:<a>\r\nDATA`), so it is refused, not sent.
        if let bad = ([sender] + recipients).first(where: { VisibleText.needsEscaping($0) }) {
            return .permanent(reason: "address with a control or format character: \(VisibleText.escaped(bad))")
        }
        let submission = MailSubmission(
            url: settings.url, helloName: hostname, sender: sender, recipients: recipients, message: message,
            user: settings.user, password: settings.password?.value,
            // The configuration allows StartTLS=no only to this machine (127.0.0.1, ::1, localhost).
            requiresTLS: settings.startTLS == .required, caFile: settings.caFile,
            connectTimeout: min(.seconds(10), timeout), totalTimeout: timeout)
        return SMTPClassification.outcome(
            transport.submit(submission), from: Redactor.place(ofURL: settings.url), redact: redactor.redact)
    }
}
