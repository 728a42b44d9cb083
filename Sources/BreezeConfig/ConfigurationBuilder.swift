import BreezeVocabulary

#if canImport(Glibc)
import Glibc
#endif

/// Turns merged sections into a `Configuration`, reporting every problem: defaults first, then
/// each section's keys, then the checks across sections.
struct ConfigurationBuilder {
    let sections: [MergedSection]
    let sources: [ConfigurationSource]
    let context: LoadContext
    var diagnostics: DiagnosticCollector

    /// The configuration, complete even when problems were found (bad values keep defaults).
    mutating func build() -> Configuration {
        let breeze = readBreeze(sections.first { $0.kind == "Breeze" })
        let webhooks = sections.filter { $0.kind == "Webhook" }.compactMap { readWebhook($0) }
        let emails = sections.filter { $0.kind == "Email" }.compactMap {
            readEmail($0, stateDirectory: breeze.stateDirectory)
        }
        checkReceiverNames()
        // Names come from the sections, so a receiver with a bad key is still known to Notify=.
        let receivers = sections.filter { $0.kind == "Webhook" || $0.kind == "Email" }
            .compactMap(\.name)

        let alertSection = sections.first { $0.kind == "Alert" }
        var (alertDefaults, defaultNotify) = readAlert(
            alertSection, base: AlertSettings(), notify: nil, receivers: receivers)
        alertDefaults.notify = defaultNotify ?? receivers

        var cities: [CityConfiguration] = []
        var disabledCities: [CityConfiguration] = []
        for section in sections where section.kind == "City" {
            // Alert keys are checked even when the coordinates are bad: every problem counts.
            let readCity = readCity(section)
            let (alert, notify) = readAlert(
                section, base: alertDefaults, notify: defaultNotify, receivers: receivers)
            guard var city = readCity else { continue }
            city.configuration.alert = alert
            city.configuration.alert.notify = notify ?? receivers
            if city.enabled {
                warnAboutPollenCoverage(section, city: city.configuration, alertSection: alertSection)
                cities.append(city.configuration)
            } else {
                disabledCities.append(city.configuration)
            }
        }
        checkNames(of: "City", noun: "city")

        var configuration = Configuration(
            breeze: breeze, alertDefaults: alertDefaults, cities: cities, webhooks: webhooks,
            emails: emails)
        configuration.disabledCities = disabledCities
        readSensors(into: &configuration)
        configuration.web = readWeb(sections.first { $0.kind == "Web" })
        configuration.breeze.statusPageExtras = configuration.breeze.statusPageExtrasSetting.resolved(
            listening: !configuration.web.listen.isEmpty)
        warnAboutCost(configuration)
        return configuration
    }

    /// Where a location's file is, for resolving relative secret-file paths.
    func directory(of location: SourceLocation) -> String {
        guard let slash = location.path.lastIndex(of: "/") else { return "." }
        return String(location.path[..<slash])
    }

    /// Reads `ApiKey=`/`ApiKeyFile=` (or `Secret=`/`SecretFile=`): at most one of the two,
    /// the file read whole with its trailing newline removed, a warning when the inline value
    /// sits in a file others can read. `daemonOnly`: a secret only the daemon uses (AirNow's
    /// key), whose file a command that opens `ApiKeyFile=` alone (`SecretFileReading.apiKeyOnly`)
    /// leaves unopened.
    mutating func readSecret(
        _ reader: SectionReader, inline: String, file: String, daemonOnly: Bool = false
    ) -> Secret? {
        for assignment in reader.assignments(inline) where !assignment.value.raw.isEmpty {
            if let source = sources.first(where: { $0.path == assignment.location.path }),
                source.isReadableByOthers, let permissions = source.permissions
            {
                diagnostics.warning(
                    "\(inline)= is in a file that group or others can read (mode "
                        + String(permissions & 0o777, radix: 8)
                        + "); move it to \(file)= in a file only breezed can read, or chmod 600 this file",
                    at: assignment.location)
            }
        }
        let inlineAssignment = reader.effective(inline)
        let fileAssignment = reader.effective(file)
        if let inlineAssignment, let fileAssignment {
            let later = [inlineAssignment, fileAssignment].max {
                order($0.location) < order($1.location)
            }!
            diagnostics.error("both \(inline)= and \(file)= are set; keep one", at: later.location)
            return nil
        }
        if let inlineAssignment { return Secret(inlineAssignment.value.text) }
        guard let fileAssignment else { return nil }
        guard opensSecretFile(file), !(daemonOnly && context.secretFiles == .apiKeyOnly) else { return nil }
        var path = fileAssignment.value.text
        if !path.hasPrefix("/") { path = directory(of: fileAssignment.location) + "/" + path }
        switch context.readFile(path) {
        case .failure(let error) where context.secretFiles == .allWarningWhenUnreadable && Self.onlyTheServiceReads(path, error):
            diagnostics.warning(
                "cannot read \(file)=\(fileAssignment.value.text) as this user (\(error.reason)); "
                    + "not checked: breezed reads it as its own user (breezed --check as that user checks it)",
                at: fileAssignment.location)
            return nil
        case .failure(let error):
            diagnostics.error(
                "cannot read \(file)=\(fileAssignment.value.text): \(error.reason)",
                at: fileAssignment.location)
            return nil
        case .success(let text):
            let value = text.trimmingWhitespace()
            guard !value.isEmpty else {
                diagnostics.error("\(file)=\(fileAssignment.value.text) is empty", at: fileAssignment.location)
                return nil
            }
            return Secret(value)
        }
    }

    /// Whether this load opens the secret file of key `file` (see `SecretFileReading`).
    func opensSecretFile(_ file: String) -> Bool {
        switch context.secretFiles {
        case .all, .allWarningWhenUnreadable: true
        case .apiKeyOnly: file == "ApiKeyFile"
        case .none: false
        }
    }

    /// A file another user may read while this one cannot: not permitted, or a systemd
    /// credential (`LoadCredential=`) that exists only while the service runs.
    static func onlyTheServiceReads(_ path: String, _ error: FileError) -> Bool {
        error.code == EACCES || error.code == EPERM || (error.code == ENOENT && path.hasPrefix("/run/credentials/"))
    }

    /// How a message points at an earlier place: `line 12` in the same file, else `PATH:12`.
    func reference(to earlier: SourceLocation, from current: SourceLocation) -> String {
        earlier.path == current.path ? "line \(earlier.line ?? 0)" : earlier.description
    }

    /// A sortable position: file order first, then line.
    func order(_ location: SourceLocation) -> Int {
        let fileIndex = sources.firstIndex { $0.path == location.path } ?? 0
        return fileIndex * 1_000_000 + (location.line ?? 0)
    }

    /// Reports a missing required key at the section's header.
    mutating func require(_ key: String, in reader: SectionReader) {
        if reader.effective(key) == nil {
            diagnostics.error("\(reader.section.title) needs \(key)=", at: reader.section.location)
        }
    }
}
