import Foundation
import BreezeVocabulary
import Testing

@testable import BreezeConfig

#if canImport(Glibc)
import Glibc
#endif

/// Where an `[Email]` receiver's mail goes: `SMTP=` and its keys, `Sendmail=`, `Spool=` (one
/// of them at most), the errors each names by file:line and key, and the password kept out of
/// every message and out of check-config's words.
struct EmailDestinationTests {
    static let section = "[Email \"family\"]\nTo=alice@example.com bob@example.org\nFrom=air@example.com\n"

    /// Loads the section with `lines` after it, the password file (if any) answering `password`.
    func load(_ lines: String, passwordFile: Result<String, FileError> = .success("s3cret-Pa55\n")) -> LoadOutcome {
        let context = LoadContext(readFile: { path in
            path == "/etc/breeze/smtp-password" ? passwordFile : .failure(FileError(path: path, reason: "No such file or directory", code: ENOENT))
        })
        return Load.text(Self.section + lines, context: context)
    }

    @Test func smtpWithEveryKey() throws {
        let outcome = load("""
            SMTP=smtps://mail.example.com:465
            SMTPUser=air@example.com
            SMTPPasswordFile=/etc/breeze/smtp-password
            CAFile=/etc/breeze/private-ca.pem
            Timeout=15s

            """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let email = try #require(outcome.configuration?.emails.first)
        #expect(email.timeout == .seconds(15))
        #expect(email.destination == .smtp(SMTPSettings(
            url: "smtps://mail.example.com:465", host: "mail.example.com", user: "air@example.com",
            password: Secret("s3cret-Pa55"), startTLS: .required, caFile: "/etc/breeze/private-ca.pem")))
    }

    @Test func smtpDefaultsToStartTLSRequiredAndAnInlinePasswordIsRead() throws {
        let outcome = load("SMTP=smtp://mail.example.com:587\nSMTPUser=air\nSMTPPassword=inline-Pa55\n")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        guard case .smtp(let settings) = try #require(outcome.configuration?.emails.first).destination else {
            Issue.record("not SMTP")
            return
        }
        #expect(settings.startTLS == .required)
        #expect(settings.password?.value == "inline-Pa55")
        #expect(settings.host == "mail.example.com")
    }

    @Test func startTLSNoIsAllowedToThisMachineOnly() throws {
        for host in ["127.0.0.1:2525", "[::1]:2525", "localhost", "LOCALHOST:25"] {
            let outcome = load("SMTP=smtp://\(host)\nStartTLS=no\n")
            #expect(outcome.errors.isEmpty, "\(host): \(outcome.errors)")
            guard case .smtp(let settings) = outcome.configuration?.emails.first?.destination else {
                Issue.record("\(host): not SMTP")
                continue
            }
            #expect(settings.startTLS == .no)
        }
        let remote = load("SMTP=smtp://mail.example.com:587\nStartTLS=no\n")
        #expect(remote.errors == [
            "breezed.conf:5: StartTLS=no would send the mail (and any SMTPPassword=) in plain text to mail.example.com; "
                + "it is allowed only to 127.0.0.1, ::1 or localhost",
        ])
        // 127.0.0.2 is loopback too, but not one of the three names the documentation gives.
        #expect(load("SMTP=smtp://10.0.0.1:25\nStartTLS=no\n").errors.count == 1)
        #expect(load("SMTP=smtps://127.0.0.1:465\nStartTLS=no\n").errors == [
            "breezed.conf:5: StartTLS=no contradicts SMTP=smtps://, which is TLS from the start; StartTLS= is for smtp://",
        ])
        #expect(load("SMTP=smtp://127.0.0.1\nStartTLS=maybe\n").errors == ["breezed.conf:5: StartTLS=maybe: use required or no"])
    }

    @Test(arguments: [
        ("SMTP=https://mail.example.com", "SMTP= must be an smtp:// (STARTTLS) or smtps:// (TLS) URL"),
        ("SMTP=mail.example.com:587", "SMTP= must start with smtp:// or smtps://"),
        ("SMTP=smtps://air:hunter2@mail.example.com", "SMTP= must not hold a user name or password; use SMTPUser= and SMTPPasswordFile="),
        ("SMTP=smtp://mail.example.com/submit", "SMTP= must be smtp://HOST or smtp://HOST:PORT, without a path"),
        ("SMTP=smtp://:587", "SMTP= has no host name"),
        ("SMTP=smtp://mail.example.com:99999", "SMTP= has a port that is not a number from 1 to 65535"),
        ("SMTP=smtp://mail.example.com:-1", "SMTP= has a port that is not a number from 1 to 65535"),
        ("SMTP=smtp://[::1:25", "SMTP= has an unclosed ["),
    ])
    func badSMTPURLsNameTheLineAndNeverRepeatTheValue(line: String, message: String) {
        let outcome = load(line + "\n")
        #expect(outcome.errors == ["breezed.conf:4: " + message])
        #expect(!outcome.errors.joined().contains("hunter2"))
    }

    @Test func moreThanOneDestinationIsAnError() {
        #expect(load("Spool=/srv/mail\nSMTP=smtps://mail.example.com\n").errors == [
            "breezed.conf:5: SMTP= and Spool= (line 4) both say where the mail goes; keep one of Spool=, Sendmail= and SMTP=",
        ])
        #expect(load("Sendmail=/usr/sbin/sendmail\nSpool=/srv/mail\n").errors == [
            "breezed.conf:5: Spool= and Sendmail= (line 4) both say where the mail goes; keep one of Spool=, Sendmail= and SMTP=",
        ])
        #expect(load("SMTP=smtps://mail.example.com\nSendmail=/usr/sbin/sendmail\nSpool=/srv/mail\n").errors.count == 2)
        // An empty assignment takes a key back: then only one is left.
        #expect(load("Spool=/srv/mail\nSpool=\nSMTP=smtps://mail.example.com\n").errors.isEmpty)
    }

    @Test func eachDestinationAlone() throws {
        #expect(load("Spool=/srv/mail\n").configuration?.emails.first?.destination == .maildir(path: "/srv/mail", chosen: true))
        #expect(load("Sendmail=/usr/bin/msmtp\n").configuration?.emails.first?.destination == .sendmail(program: "/usr/bin/msmtp"))
        #expect(load("").configuration?.emails.first?.destination == .maildir(path: "/var/lib/breeze/mail", chosen: false))
    }

    @Test func smtpKeysWithoutSMTPAreErrors() {
        #expect(load("SMTPUser=air\nSMTPPassword=x-Pa55word\nStartTLS=no\nCAFile=/etc/ca.pem\n").errors == [
            "breezed.conf:4: SMTPUser= applies only with SMTP=",
            "breezed.conf:5: SMTPPassword= applies only with SMTP=",
            "breezed.conf:6: StartTLS= applies only with SMTP=",
            "breezed.conf:7: CAFile= applies only with SMTP=",
        ])
    }

    @Test func aUserAndAPasswordGoTogether() {
        #expect(load("SMTP=smtps://mail.example.com\nSMTPPassword=lonely-Pa55\n").errors == [
            "breezed.conf:5: SMTPPassword= needs SMTPUser=",
        ])
        #expect(load("SMTP=smtps://mail.example.com\nSMTPUser=air\n").errors == [
            "breezed.conf:5: SMTPUser= needs SMTPPassword= or SMTPPasswordFile=",
        ])
        let both = load("SMTP=smtps://mail.example.com\nSMTPUser=air\nSMTPPassword=one-Pa55\nSMTPPasswordFile=/etc/breeze/smtp-password\n")
        #expect(both.errors == ["breezed.conf:7: both SMTPPassword= and SMTPPasswordFile= are set; keep one"])
        #expect(!both.errors.joined().contains("one-Pa55"))
        #expect(load("SMTP=smtps://mail.example.com\nSMTPUser=air\nSMTPPassword=x\nCAFile=ca.pem\n").errors == [
            "breezed.conf:7: CAFile=ca.pem: must be an absolute path",
        ])
        #expect(load("SMTP=smtps://mail.example.com\nTimeout=0s\n").errors == ["breezed.conf:5: Timeout=0s: must be longer than 0"])
    }

    @Test func aMissingOrUnreadablePasswordFileIsAnError() {
        let lines = "SMTP=smtps://mail.example.com\nSMTPUser=air\nSMTPPasswordFile=/etc/breeze/smtp-password\n"
        #expect(load(lines, passwordFile: .failure(FileError(path: "/etc/breeze/smtp-password", reason: "No such file or directory", code: ENOENT))).errors == [
            "breezed.conf:6: cannot read SMTPPasswordFile=/etc/breeze/smtp-password: No such file or directory",
        ])
        #expect(load(lines, passwordFile: .failure(FileError(path: "/etc/breeze/smtp-password", reason: "Permission denied", code: EACCES))).errors == [
            "breezed.conf:6: cannot read SMTPPasswordFile=/etc/breeze/smtp-password: Permission denied",
        ])
        #expect(load(lines, passwordFile: .success("\n")).errors == [
            "breezed.conf:6: SMTPPasswordFile=/etc/breeze/smtp-password is empty",
        ])
    }

    @Test func anInlinePasswordInAFileOthersReadIsAWarningThatNeverQuotesIt() {
        let outcome = Load.sources([ConfigurationSource(
            path: "breezed.conf",
            text: Self.section + "SMTP=smtps://mail.example.com\nSMTPUser=air\nSMTPPassword=open-Pa55word\n",
            permissions: 0o644)])
        #expect(outcome.errors.isEmpty)
        #expect(outcome.warnings == [
            "breezed.conf:6: SMTPPassword= is in a file that group or others can read (mode 644); "
                + "move it to SMTPPasswordFile= in a file only breezed can read, or chmod 600 this file",
        ])
    }

    @Test func aBadPasswordValueIsNeverEchoed() {
        // An unknown key that looks like it is reported with the suggestion, not the value.
        let outcome = load("SMTP=smtps://mail.example.com\nSMTPUser=air\nSMTPPassword=\"unterminated-Pa55\n")
        #expect(!(outcome.errors + outcome.warnings).joined().contains("unterminated-Pa55"))
    }

    @Test func theRedactorRemovesThePasswordInEveryFormAuthCarriesIt() throws {
        let outcome = load("SMTP=smtps://mail.example.com\nSMTPUser=air@example.com\nSMTPPasswordFile=/etc/breeze/smtp-password\n")
        let email = try #require(outcome.configuration?.emails.first)
        let redactor = Redactor(email: email)
        let plain = Data("\u{0}air@example.com\u{0}s3cret-Pa55".utf8).base64EncodedString()
        let text = "535 bad password s3cret-Pa55 (AUTH PLAIN \(plain)), login \(Data("s3cret-Pa55".utf8).base64EncodedString())"
        let redacted = redactor.redact(text)
        #expect(!redacted.contains("s3cret-Pa55") && !redacted.contains(plain))
        #expect(!redacted.contains(Data("s3cret-Pa55".utf8).base64EncodedString()))
        #expect(redacted.hasPrefix("535 bad password <redacted>"))
        // Without SMTP= there is nothing to remove.
        let spool = try #require(load("").configuration?.emails.first)
        #expect(Redactor(email: spool).redact(text) == text)
    }
}
