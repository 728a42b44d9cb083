extension ConfigurationBuilder {
    /// The keys that say where an `[Email]` receiver's mail goes: one of them at most.
    static let mailDestinationKeys = ["Spool", "Sendmail", "SMTP"]
    /// The keys that only mean something with `SMTP=`.
    static let smtpKeys = ["SMTPUser", "SMTPPassword", "SMTPPasswordFile", "StartTLS", "CAFile"]

    /// Where one `[Email "…"]` section's mail goes: `SMTP=` (with its keys), `Sendmail=`,
    /// `Spool=`, or without any of the three the Maildir `<StateDirectory>/mail`. Errors: more
    /// than one of the three, an SMTP key without `SMTP=`, a password without a user (or the
    /// reverse), `StartTLS=no` to a host other than this machine or with `smtps://`.
    mutating func readMailDestination(_ reader: SectionReader, stateDirectory: String) -> MailDestination {
        let chosen = Self.mailDestinationKeys.compactMap { reader.effective($0) }
            .sorted { order($0.location) < order($1.location) }
        if chosen.count > 1 {
            let first = chosen[0]
            for later in chosen.dropFirst() {
                diagnostics.error(
                    "\(later.key)= and \(first.key)= (\(reference(to: first.location, from: later.location))) "
                        + "both say where the mail goes; keep one of Spool=, Sendmail= and SMTP=",
                    at: later.location)
            }
        }
        let smtpURL = reader.value("SMTP", diagnostics: &diagnostics, Read.smtpURL)
        if reader.effective("SMTP") == nil {
            for key in Self.smtpKeys {
                if let assignment = reader.effective(key) {
                    diagnostics.error("\(key)= applies only with SMTP=", at: assignment.location)
                }
            }
        }
        let spool = reader.value("Spool", diagnostics: &diagnostics, Read.absolutePath)
        let sendmail = reader.value("Sendmail", diagnostics: &diagnostics, Read.absolutePath)
        if let smtpURL {
            return .smtp(readSMTPSettings(reader, url: smtpURL.value.url, host: smtpURL.value.host))
        }
        if let sendmail { return .sendmail(program: sendmail.value) }
        if let spool { return .maildir(path: spool.value, chosen: true) }
        return .maildir(path: stateDirectory + "/mail", chosen: false)
    }

    /// `SMTPUser=`, the password, `StartTLS=` and `CAFile=` for the server at `url`.
    private mutating func readSMTPSettings(_ reader: SectionReader, url: String, host: String) -> SMTPSettings {
        var settings = SMTPSettings(url: url, host: host)
        let user = reader.value("SMTPUser", diagnostics: &diagnostics, Read.text)
        settings.user = user?.value
        settings.password = readSecret(reader, inline: "SMTPPassword", file: "SMTPPasswordFile")
        let passwordAssignment = reader.effective("SMTPPassword") ?? reader.effective("SMTPPasswordFile")
        if user == nil, let passwordAssignment {
            diagnostics.error("\(passwordAssignment.key)= needs SMTPUser=", at: passwordAssignment.location)
        }
        if let user, passwordAssignment == nil {
            diagnostics.error("SMTPUser= needs SMTPPassword= or SMTPPasswordFile=", at: user.location)
        }
        if let startTLS: (value: StartTLSSetting, location: SourceLocation) = reader.value(
            "StartTLS", diagnostics: &diagnostics, Read.choice)
        {
            settings.startTLS = startTLS.value
            if startTLS.value == .no, url.lowercased().hasPrefix("smtps:") {
                diagnostics.error(
                    "StartTLS=no contradicts SMTP=smtps://, which is TLS from the start; StartTLS= is for smtp://",
                    at: startTLS.location)
            } else if startTLS.value == .no, !SMTPSettings.loopbackHosts.contains(host.lowercased()) {
                diagnostics.error(
                    "StartTLS=no would send the mail (and any SMTPPassword=) in plain text to \(host); "
                        + "it is allowed only to 127.0.0.1, ::1 or localhost",
                    at: startTLS.location)
            }
        }
        settings.caFile = reader.value("CAFile", diagnostics: &diagnostics, Read.absolutePath)?.value
        return settings
    }
}

extension Read {
    /// `smtp://HOST[:PORT]` or `smtps://HOST[:PORT]` (a trailing `/` allowed): no user or
    /// password (those are `SMTPUser=` and `SMTPPasswordFile=`), no path, query or fragment.
    /// The host comes back without an IPv6 address's brackets.
    static func smtpURL(_ text: String) -> Result<(url: String, host: String), ValueProblem> {
        guard let separator = text.firstRange(of: "://") else {
            return .failure(ValueProblem("must start with smtp:// or smtps://"))
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "smtp" || scheme == "smtps" else {
            return .failure(ValueProblem("must be an smtp:// (STARTTLS) or smtps:// (TLS) URL"))
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { return .failure(ValueProblem("must not contain spaces or control characters")) }
        var rest = String(text[separator.upperBound...])
        if rest.hasSuffix("/") { rest.removeLast() }
        guard !rest.contains("@") else {
            return .failure(ValueProblem("must not hold a user name or password; use SMTPUser= and SMTPPasswordFile="))
        }
        guard !rest.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else {
            return .failure(ValueProblem("must be \(scheme)://HOST or \(scheme)://HOST:PORT, without a path"))
        }
        let host: String
        let port: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return .failure(ValueProblem("has an unclosed [")) }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else {
                return .failure(ValueProblem("must be \(scheme)://[ADDRESS]:PORT"))
            }
            port = after.isEmpty ? nil : after.dropFirst()
        } else {
            let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = String(parts[0])
            port = parts.count > 1 ? parts[1] : nil
        }
        guard !host.isEmpty else { return .failure(ValueProblem("has no host name")) }
        if let port {
            guard !port.isEmpty, port.utf8.count <= 5, port.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let number = Int(port), (1...65535).contains(number)
            else { return .failure(ValueProblem("has a port that is not a number from 1 to 65535")) }
        }
        return .success((url: scheme + "://" + rest, host: host))
    }
}
