import BreezeModel

extension ConfigurationBuilder {
    /// Every `[Sensor "…"]` into `configuration`: `sensors` for watched cities,
    /// `sensorsOfDisabledCities` for those with `Enabled=no`. Reads the cities' names from the
    /// sections, so a sensor of a city with a bad key is not reported twice.
    mutating func readSensors(into configuration: inout Configuration) {
        let sensorSections = sections.filter { $0.kind == "Sensor" }
        guard !sensorSections.isEmpty else { return }
        let cityNames = sections.filter { $0.kind == "City" }.compactMap(\.name)
        let known = Set(cityNames)
        let disabled = Set(configuration.disabledCities.map(\.city.name))
        for section in sensorSections {
            guard let sensor = readSensor(section, cityNames: cityNames, known: known, disabled: disabled) else {
                continue
            }
            if disabled.contains(sensor.city) {
                configuration.sensorsOfDisabledCities.append(sensor)
            } else {
                configuration.sensors.append(sensor)
            }
        }
        checkNames(of: "Sensor", noun: "sensor")
    }

    /// One `[Sensor "…"]`; nil when `Kind=`, `City=` or a device's `URL=` is missing or bad.
    /// `cityNames` are every `[City]`'s (`known` the same as a set), `disabled` those with
    /// `Enabled=no`.
    private mutating func readSensor(
        _ section: MergedSection, cityNames: [String], known: Set<String>, disabled: Set<String>
    ) -> SensorSettings? {
        let reader = SectionReader(section: section)
        let kind: (value: SensorKind, location: SourceLocation)? = reader.value(
            "Kind", diagnostics: &diagnostics, Read.choice)
        require("Kind", in: reader)
        let url = reader.value("URL", diagnostics: &diagnostics, Read.httpURL)
        if let kind = kind?.value, kind != .airNow {
            if reader.effective("URL") == nil {
                diagnostics.error(
                    "\(section.title) needs URL= (Kind=\(kind.rawValue): the device's address, "
                        + "like http://192.168.1.50\(Self.devicePath(kind)))",
                    at: section.location)
            } else if let url, Self.namesNoPath(url.value) {
                diagnostics.warning(
                    "URL= names no path: Kind=\(kind.rawValue) answers at http://"
                        + Redactor.place(ofURL: url.value) + Self.devicePath(kind),
                    at: url.location)
            }
        }
        let city = readSensorCity(reader, cityNames: cityNames, known: known, disabled: disabled)
        var placement = SensorPlacement.outdoor
        if let read: (value: SensorPlacement, location: SourceLocation) = reader.value(
            "Placement", diagnostics: &diagnostics, Read.choice)
        {
            placement = read.value
            if read.value == .indoor, kind?.value == .airNow {
                diagnostics.error("Placement=indoor: AirNow's monitors stand outdoors", at: read.location)
            }
        }
        let apiKey = readSensorKey(reader, kind: kind?.value)
        let staleAfter = readStaleAfter(reader, kind: kind?.value)
        guard let kind, let city, kind.value == .airNow || url != nil else { return nil }
        return SensorSettings(
            name: section.name ?? "", kind: kind.value, url: url?.value ?? SensorSettings.airNowURL,
            city: city, placement: placement, apiKey: apiKey, staleAfter: staleAfter,
            location: section.location.description)
    }

    /// `City=`: the exact name of a `[City]` section. Another is an error with the closest
    /// name (or the few there are); one with `Enabled=no` a warning: the sensor is not polled.
    private mutating func readSensorCity(
        _ reader: SectionReader, cityNames: [String], known: Set<String>, disabled: Set<String>
    ) -> String? {
        let read = reader.value("City", diagnostics: &diagnostics, Read.name)
        require("City", in: reader)
        guard let read else { return nil }
        guard known.contains(read.value) else {
            let hint = Suggestion.hint(for: read.value, among: cityNames)
            let help =
                !hint.isEmpty ? hint
                : cityNames.isEmpty ? "; no [City] section is configured"
                : cityNames.count <= 5 ? "; the cities are " + cityNames.joined(separator: ", ") : ""
            diagnostics.error("City=\(read.value): no [City] of that name\(help)", at: read.location)
            return nil
        }
        if disabled.contains(read.value) {
            diagnostics.warning(
                "City=\(read.value): the city has Enabled=no, so this sensor is not polled", at: read.location)
        }
        return read.value
    }

    /// `ApiKey=`/`ApiKeyFile=`, read as every secret is (`readSecret`): required for
    /// `Kind=airnow`, an error on the devices, which take none.
    private mutating func readSensorKey(_ reader: SectionReader, kind: SensorKind?) -> Secret? {
        let assignments = [reader.effective("ApiKey"), reader.effective("ApiKeyFile")].compactMap { $0 }
        guard let kind else { return nil }
        guard kind == .airNow else {
            for assignment in assignments {
                diagnostics.error(
                    "\(assignment.key)= applies to Kind=airnow only; Kind=\(kind.rawValue) takes no key",
                    at: assignment.location)
            }
            return nil
        }
        guard !assignments.isEmpty else {
            diagnostics.error(
                "\(reader.section.title) needs ApiKey= or ApiKeyFile= (Kind=airnow: an AirNow API key, "
                    + "from docs.airnowapi.org)",
                at: reader.section.location)
            return nil
        }
        return readSecret(reader, inline: "ApiKey", file: "ApiKeyFile", daemonOnly: true)
    }

    /// `StaleAfter=`: default 2 h, at least how often the kind is asked (sooner, every poll
    /// between two answers would call it stale), at most `SensorSettings.longestStaleAfter`.
    private mutating func readStaleAfter(_ reader: SectionReader, kind: SensorKind?) -> Duration {
        let fallback: Duration = .seconds(2 * 3600)
        guard let read = reader.value("StaleAfter", diagnostics: &diagnostics, Read.positiveDuration) else {
            return fallback
        }
        let text = reader.effective("StaleAfter")?.value.text ?? ""
        if let kind, read.value < SensorSettings.pollInterval(of: kind) {
            diagnostics.error(
                "StaleAfter=\(text): must be at least \(DurationSyntax.format(SensorSettings.pollInterval(of: kind))), "
                    + "how often Kind=\(kind.rawValue) is asked",
                at: read.location)
            return fallback
        }
        if read.value > SensorSettings.longestStaleAfter {
            diagnostics.error(
                "StaleAfter=\(text): must be at most \(DurationSyntax.format(SensorSettings.longestStaleAfter))",
                at: read.location)
            return fallback
        }
        return read.value
    }

    /// The path a device of `kind` answers at, which its `URL=` ends in.
    static func devicePath(_ kind: SensorKind) -> String {
        switch kind {
        case .purpleAir: "/json"
        case .airGradient: "/measures/current"
        case .sensorCommunity: "/data.json"
        case .airNow: ""
        }
    }

    /// Whether the http(s) `url` names a host and nothing after it but `/`, a query or a
    /// fragment.
    static func namesNoPath(_ url: String) -> Bool {
        guard let separator = url.firstRange(of: "://") else { return false }
        let afterScheme = url[separator.upperBound...]
        guard let end = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return true }
        let path = afterScheme[end...].prefix { $0 != "?" && $0 != "#" }
        return path.isEmpty || path == "/"
    }
}
