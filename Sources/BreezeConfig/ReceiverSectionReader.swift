import BreezeModel

extension ConfigurationBuilder {
    /// One `[Webhook "…"]`; nil when it lacks `URL=`.
    mutating func readWebhook(_ section: MergedSection) -> WebhookConfiguration? {
        let reader = SectionReader(section: section)
        let url = reader.value("URL", diagnostics: &diagnostics, Read.httpURL)
        require("URL", in: reader)
        var webhook = WebhookConfiguration(name: section.name ?? "", url: url?.value ?? "")
        if let format: (value: WebhookFormat, location: SourceLocation) = reader.value(
            "Format", diagnostics: &diagnostics, Read.choice)
        {
            webhook.format = format.value
        }
        webhook.secret = readSecret(reader, inline: "Secret", file: "SecretFile")
        if let secret = webhook.secret, SigningSecret.keyBytes(secret.value) == nil,
            let assignment = [reader.effective("Secret"), reader.effective("SecretFile")].compactMap({ $0 })
                .max(by: { order($0.location) < order($1.location) })
        {
            // Caught here, every alert would otherwise go to dead/ at its first attempt.
            let key = assignment.key == "SecretFile" ? "SecretFile=\(assignment.value.text): the file" : "Secret="
            diagnostics.error("\(key) starts with whsec_ but the rest is not base64", at: assignment.location)
            webhook.secret = nil
        }
        for assignment in reader.assignments("Header") {
            if assignment.value.raw.isEmpty {
                webhook.headers = []
                continue
            }
            switch ValueSyntax.header(assignment.value.text) {
            case .success(let header):
                if let problem = HeaderRules.problem(name: header.name, format: webhook.format) {
                    diagnostics.error(problem, at: assignment.location)
                } else {
                    webhook.headers.append(WebhookHeader(name: header.name, value: Secret(header.value)))
                }
            case .failure(.lineBreak):
                diagnostics.error("Header= must not contain a line break", at: assignment.location)
            case .failure(.shape):
                diagnostics.error("Header= must look like \"Name: value\"", at: assignment.location)
            }
        }
        if let timeout = reader.value("Timeout", diagnostics: &diagnostics, Read.positiveDuration) {
            webhook.timeout = timeout.value
        }
        webhook.delivery = readDeliverySettings(reader, groups: ![.json, .alertmanager].contains(webhook.format))
        return url == nil ? nil : webhook
    }

    /// One `[Email "…"]`; nil when it lacks `To=`.
    mutating func readEmail(_ section: MergedSection, stateDirectory: String) -> EmailConfiguration? {
        let reader = SectionReader(section: section)
        var recipients: [String] = []
        for assignment in reader.assignments("To") {
            recipients = []
            for address in assignment.value.words {
                if ValueSyntax.isEmailAddress(address) {
                    recipients.append(address)
                } else {
                    diagnostics.error("To=\(address): malformed email address", at: assignment.location)
                }
            }
        }
        require("To", in: reader)
        let hostname = context.hostname.isEmpty ? "localhost" : context.hostname
        var email = EmailConfiguration(
            name: section.name ?? "", to: recipients, from: "breezed@\(hostname)",
            destination: readMailDestination(reader, stateDirectory: stateDirectory))
        if let from = reader.value("From", diagnostics: &diagnostics, Read.emailAddress) {
            email.from = from.value
        }
        if let timeout = reader.value("Timeout", diagnostics: &diagnostics, Read.positiveDuration) {
            email.timeout = timeout.value
        }
        if let prefix = reader.value("SubjectPrefix", diagnostics: &diagnostics, Read.text) {
            email.subjectPrefix = prefix.value
        }
        email.delivery = readDeliverySettings(reader, groups: true)
        return reader.effective("To") == nil ? nil : email
    }

    /// The keys every receiver has, `[Webhook "…"]` or `[Email "…"]`: its `DeliverySettings`.
    /// `groups` says whether the receiver's format is one people read (grouping is on by
    /// default); for json and Alertmanager `Group=` is an error.
    private mutating func readDeliverySettings(_ reader: SectionReader, groups: Bool) -> DeliverySettings {
        var settings = DeliverySettings()
        settings.digestAt = reader.value("Digest", diagnostics: &diagnostics, Read.clockTime)?.value
        if let audience = reader.value(
            "Audience", diagnostics: &diagnostics, Read.choice as (String) -> Result<Audience, ValueProblem>)
        {
            settings.audience = audience.value
        }
        settings.groupAtLeast = groups ? 3 : nil
        if let group = reader.value("Group", diagnostics: &diagnostics, Read.group) {
            if groups {
                settings.groupAtLeast = group.value
            } else if group.value != nil {
                diagnostics.error(
                    "Group= applies to Slack, Discord, ntfy and email receivers; json and Alertmanager "
                        + "receivers get one event per city", at: group.location)
            }
        }
        settings.quietHours = reader.value("QuietHours", diagnostics: &diagnostics, Read.quietHours)?.value
        settings.timeZone = reader.value("TimeZone", diagnostics: &diagnostics, Read.timeZone)?.value
        if let age = reader.value("MaxAge", diagnostics: &diagnostics, Read.positiveDuration) {
            settings.maxAge = age.value
        }
        if let delay = reader.value("RetryInitialDelay", diagnostics: &diagnostics, Read.positiveDuration) {
            settings.retryInitialDelay = delay.value
        }
        if let value = reader.value("Enabled", diagnostics: &diagnostics, Read.boolean) {
            settings.enabled = value.value
        }
        return settings
    }

    /// Receiver names are shared by webhooks and emails: each names one receiver only.
    mutating func checkReceiverNames() {
        var seen: [String: SourceLocation] = [:]
        for section in sections where section.kind == "Webhook" || section.kind == "Email" {
            guard let name = section.name else { continue }
            if let first = seen[name] {
                diagnostics.error(
                    "duplicate receiver \"\(name)\" (first defined at "
                        + "\(reference(to: first, from: section.location)))",
                    at: section.location)
            } else {
                seen[name] = section.location
            }
        }
    }
}
