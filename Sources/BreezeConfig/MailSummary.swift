import FoundationEssentials
import Glibc

/// What `check-config` says about where each enabled `[Email]` receiver's mail goes: a line
/// for each receiver that names its destination, and a warning for each whose mail only waits
/// in the default Maildir, which nobody may be reading.
public enum MailSummary {
    /// `family: mail submitted to smtps://mail.example.com:465`, `… handed to /usr/sbin/sendmail`
    /// or `… kept in the Maildir /srv/mail (Spool=), not sent`; nothing for a default Maildir
    /// (`warnings` speaks of it).
    public static func lines(_ configuration: Configuration) -> [String] {
        configuration.emails.filter(\.delivery.enabled).compactMap { email in
            switch email.destination {
            case .smtp(let settings): "\(email.name): mail submitted to \(settings.url)"
            case .sendmail(let program): "\(email.name): mail handed to \(program)"
            case .maildir(let path, chosen: true): "\(email.name): mail kept in the Maildir \(path) (Spool=), not sent"
            case .maildir(_, chosen: false): nil
            }
        }
    }

    /// `family: no SMTP= or Sendmail=: messages stay in /var/lib/private/breeze/mail (readable
    /// by root)`, for each enabled receiver with none of `SMTP=`, `Sendmail=` and `Spool=`; the
    /// path with its symbolic links resolved (systemd's `DynamicUser=` state lives under
    /// `/var/lib/private`).
    public static func warnings(_ configuration: Configuration) -> [String] {
        configuration.emails.filter(\.delivery.enabled).compactMap { email in
            guard case .maildir(let path, chosen: false) = email.destination else { return nil }
            return "\(email.name): no SMTP= or Sendmail=: messages stay in \(realPath(path)) (readable by root)"
        }
    }

    /// `path` with the symbolic links of its longest existing part resolved.
    static func realPath(_ path: String) -> String {
        var existing = path
        var rest: [String] = []
        while !existing.isEmpty, existing != "/" {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return ([base == "/" ? "" : base] + rest.reversed()).joined(separator: "/")
            }
            let url = URL(fileURLWithPath: existing)
            rest.append(url.lastPathComponent)
            existing = url.deletingLastPathComponent().path
        }
        return path
    }
}
