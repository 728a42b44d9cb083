import BreezeJSON

/// Prometheus's text exposition format (version 0.0.4), written into bytes: a family's
/// `# HELP` and `# TYPE`, then its samples, each `name{label="value",…} value` without a
/// timestamp. Label values are escaped as the format says (`\\`, `\"`, `\n`); every other
/// character, 東京 or a tab, is written as it is. Values are integers, or floats with `NaN`,
/// `+Inf` and `-Inf` for the ones that are not finite.
struct MetricsText {
    /// The kinds of family the format knows that `/metrics` uses.
    enum Kind: String {
        case gauge, counter, histogram
    }

    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Starts a family: its help text (backslashes and newlines escaped) and its type.
    mutating func family(_ name: String, _ kind: Kind, help: String) {
        append("# HELP ")
        append(name)
        append(" ")
        for byte in help.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            default: bytes.append(byte)
            }
        }
        append("\n# TYPE ")
        append(name)
        append(" ")
        append(kind.rawValue)
        append("\n")
    }

    /// One sample of a float value: `name{labels,more} value`.
    mutating func sample(_ name: String, _ labels: MetricLabels = .none, _ more: MetricLabels = .none, float value: Double) {
        sample(name, labels, more, written: Self.number(value))
    }

    /// One sample of an integer value (counts, 0/1 gauges, AQIs), written without a fraction.
    mutating func sample(_ name: String, _ labels: MetricLabels = .none, _ more: MetricLabels = .none, integer value: Int) {
        startSample(name, labels, more)
        DecimalDigits.append(value, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// One sample whose value is already written (`number`, `millionths`).
    mutating func sample(_ name: String, _ labels: MetricLabels, _ more: MetricLabels = .none, written value: String) {
        startSample(name, labels, more)
        append(value)
        bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func startSample(_ name: String, _ labels: MetricLabels, _ more: MetricLabels) {
        append(name)
        if !labels.bytes.isEmpty || !more.bytes.isEmpty {
            bytes.append(UInt8(ascii: "{"))
            bytes.append(contentsOf: labels.bytes)
            if !labels.bytes.isEmpty && !more.bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: more.bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: " "))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// `value` as the format writes a float: `NaN`, `+Inf`, `-Inf`, a whole number without
    /// a fraction (`le="1"`), otherwise the shortest decimal that reads back the same.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// `value` × 10⁻⁶ written exactly: the shortest decimal of `value` with its exponent
    /// moved, so 19.4 (µg/m³) is `19.4e-6` (g/m³), which reads back as the double nearest
    /// 0.0000194, not the quotient's 1.9399999999999997e-05.
    static func millionths(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return number(value) }
        let text = value.description
        var mantissa = Substring(text)
        var exponent = 0
        if let marker = text.firstIndex(of: "e") {
            mantissa = text[..<marker]
            exponent = Int(text[text.index(after: marker)...]) ?? 0
        }
        if mantissa.hasSuffix(".0") { mantissa = mantissa.dropLast(2) }
        return "\(mantissa)e\(exponent - 6)"
    }

    /// `value` escaped for a label: `\\`, `\"`, `\n`; every other character as it is.
    static func escaped(_ value: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            default: bytes.append(byte)
            }
        }
        return bytes
    }
}

/// Labels written once, `name="value",…` with the values escaped, so a city's name is
/// escaped once for all its samples and a sample costs no allocation.
struct MetricLabels {
    static let none = MetricLabels(bytes: [])

    let bytes: [UInt8]

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The labels `pairs`, names as given (they are the code's), values escaped.
    init(_ pairs: (name: String, value: String)...) {
        var bytes: [UInt8] = []
        for (index, pair) in pairs.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array(pair.name.utf8) + Array("=\"".utf8) + MetricsText.escaped(pair.value) + [UInt8(ascii: "\"")]
        }
        self.bytes = bytes
    }
}
