/// Typed access to one merged section's keys. Every assignment of a key is checked (each
/// reports its own line); the last one wins, and an empty assignment resets the key.
/// Bad values are reported as `Key=value: problem`, except secret keys and webhook URLs,
/// whose value never appears (`Key= problem`).
struct SectionReader {
    let section: MergedSection

    /// Every assignment of `key`, in file order.
    func assignments(_ key: String) -> [Assignment] {
        section.assignments.filter { $0.key == key }
    }

    /// The assignment that decides `key`: the last one, nil when none or when it is empty.
    func effective(_ key: String) -> Assignment? {
        guard let last = assignments(key).last, !last.value.raw.isEmpty else { return nil }
        return last
    }

    /// The value of `key` read by `parse`, which returns nil or a problem text for a bad value.
    /// Nil when unset, reset, or bad (the problem has been reported).
    func value<Value>(
        _ key: String, diagnostics: inout DiagnosticCollector,
        _ parse: (String) -> Result<Value, ValueProblem>
    ) -> (value: Value, location: SourceLocation)? {
        var result: (value: Value, location: SourceLocation)?
        for assignment in assignments(key) {
            let text = assignment.value.text
            if text.isEmpty {
                result = nil
                continue
            }
            switch parse(text) {
            case .success(let value):
                result = (value, assignment.location)
            case .failure(let problem):
                diagnostics.error(message(key: key, text: text, problem: problem), at: assignment.location)
            }
        }
        return result
    }

    /// The words of the last assignment of a list key: nil when never assigned, empty when the
    /// last assignment is empty.
    func list(_ key: String) -> (words: [String], location: SourceLocation)? {
        guard let last = assignments(key).last else { return nil }
        return (last.value.words, last.location)
    }

    /// `Key=value: problem`, or `Key= problem` for a secret key.
    func message(key: String, text: String, problem: ValueProblem) -> String {
        // A value longer than a name may be is not echoed either: nobody reads 5 MB of it.
        if Schema.unechoedKeys.contains(key) || text.unicodeScalars.count > NameLimit.maximumLength {
            return "\(key)= \(problem.text)"
        }
        return "\(key)=\(text): \(problem.text)"
    }
}

/// Why a value was refused, as a phrase following `Key=value: `.
struct ValueProblem: Error {
    var text: String
    init(_ text: String) { self.text = text }
}

/// Readers for the common value types, in the shape `SectionReader.value` takes.
enum Read {
    static func duration(_ text: String) -> Result<Duration, ValueProblem> {
        guard let duration = DurationSyntax.parse(text) else {
            return .failure(ValueProblem("invalid duration; use e.g. 90s, 15min, 1h 30min"))
        }
        return .success(duration)
    }

    static func positiveDuration(_ text: String) -> Result<Duration, ValueProblem> {
        duration(text).flatMap { duration in
            duration > .zero ? .success(duration) : .failure(ValueProblem("must be longer than 0"))
        }
    }

    static func boolean(_ text: String) -> Result<Bool, ValueProblem> {
        guard let value = ValueSyntax.boolean(text) else {
            return .failure(
                ValueProblem("invalid boolean; use yes, no, true, false, on, off, 1 or 0"))
        }
        return .success(value)
    }

    /// `auto`, or a boolean (`yes`/`no`…) forcing the extras on or off.
    static func statusPageExtras(_ text: String) -> Result<StatusPageExtrasSetting, ValueProblem> {
        if text.lowercased() == "auto" { return .success(.auto) }
        guard let value = ValueSyntax.boolean(text) else {
            return .failure(ValueProblem("use auto or a boolean (yes, no, true, false, on, off, 1 or 0)"))
        }
        return .success(value ? .yes : .no)
    }

    static func number(in range: ClosedRange<Double>) -> (String) -> Result<Double, ValueProblem> {
        { text in
            guard let value = ValueSyntax.number(text) else {
                return .failure(ValueProblem("invalid number"))
            }
            guard range.contains(value) else {
                return .failure(
                    ValueProblem("out of range \(plain(range.lowerBound)) to \(plain(range.upperBound))"))
            }
            return .success(value)
        }
    }

    static func integer(atLeast minimum: Int) -> (String) -> Result<Int, ValueProblem> {
        { text in
            guard let value = ValueSyntax.integer(text), value >= minimum else {
                return .failure(ValueProblem("must be a whole number of \(minimum) or more"))
            }
            return .success(value)
        }
    }

    static func httpURL(_ text: String) -> Result<String, ValueProblem> {
        if let problem = ValueSyntax.httpURLProblem(text) { return .failure(ValueProblem(problem)) }
        return .success(text)
    }

    /// An Open-Meteo base URL: an http(s) URL not already ending in an endpoint path
    /// (`OpenMeteoPath`), which breezed appends itself; `key` names it in the advice.
    static func openMeteoBaseURL(key: String) -> (String) -> Result<String, ValueProblem> {
        { text in
            httpURL(text).flatMap { url in
                guard let (base, path) = OpenMeteoPath.base(of: url) else { return .success(url) }
                return .failure(ValueProblem(
                    "ends in the endpoint path \(path), which breezed appends itself; set the base URL, \(key)=\(base)"))
            }
        }
    }

    /// An http(s) URL without a `#fragment`, since `/fail` is appended to its path.
    static func heartbeatURL(_ text: String) -> Result<String, ValueProblem> {
        httpURL(text).flatMap { url in
            url.contains("#") ? .failure(ValueProblem("must not contain a #fragment (/fail is appended to the path)")) : .success(url)
        }
    }

    static func absolutePath(_ text: String) -> Result<String, ValueProblem> {
        text.hasPrefix("/") ? .success(text) : .failure(ValueProblem("must be an absolute path"))
    }

    static func timeZone(_ text: String) -> Result<String, ValueProblem> {
        ValueSyntax.isTimeZone(text) ? .success(text) : .failure(ValueProblem("unknown time zone"))
    }

    static func quietHours(_ text: String) -> Result<QuietHours, ValueProblem> {
        guard let hours = ValueSyntax.quietHours(text) else {
            return .failure(ValueProblem("use HH:MM-HH:MM, like 22:00-07:00"))
        }
        guard hours.start != hours.end else {
            return .failure(ValueProblem("start and end are the same"))
        }
        return .success(hours)
    }

    static func emailAddress(_ text: String) -> Result<String, ValueProblem> {
        ValueSyntax.isEmailAddress(text)
            ? .success(text) : .failure(ValueProblem("malformed email address"))
    }

    static func text(_ text: String) -> Result<String, ValueProblem> { .success(text) }

    /// Text shown with a city's name (`Country=`, `Region=`): at most `NameLimit` long.
    static func name(_ text: String) -> Result<String, ValueProblem> {
        NameLimit.problem(text).map { .failure(ValueProblem($0)) } ?? .success(text)
    }

    /// One of `cases`, named by its raw value.
    static func choice<Choice: RawRepresentable & CaseIterable>(_ text: String) -> Result<
        Choice, ValueProblem
    > where Choice.RawValue == String {
        // Only what `allCases` offers: a type may hold values no configuration chooses.
        if let choice = Choice(rawValue: text.lowercased()), Choice.allCases.contains(where: { $0.rawValue == choice.rawValue }) {
            return .success(choice)
        }
        let names = Choice.allCases.map(\.rawValue)
        return .failure(ValueProblem("use " + Read.alternatives(names)))
    }

    /// `a, b or c`.
    static func alternatives(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// `90`, not `90.0`.
    static func plain(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
