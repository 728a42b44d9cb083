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

    /// One sample: `labels` are name and already-escaped value pairs (`escaped(_:)`).
    mutating func sample(_ name: String, _ labels: [(String, EscapedLabel)] = [], _ value: Double) {
        startSample(name, labels)
        appendValue(value)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// One sample whose value is already written (`millionths`).
    mutating func sample(_ name: String, _ labels: [(String, EscapedLabel)], written value: String) {
        startSample(name, labels)
        append(value)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// One sample of an integer value (counts, 0/1 gauges, AQIs), written without a fraction.
    mutating func sample(_ name: String, _ labels: [(String, EscapedLabel)] = [], _ value: Int) {
        startSample(name, labels)
        append(String(value))
        bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func startSample(_ name: String, _ labels: [(String, EscapedLabel)]) {
        append(name)
        guard !labels.isEmpty else { return bytes.append(UInt8(ascii: " ")) }
        bytes.append(UInt8(ascii: "{"))
        for (index, (label, value)) in labels.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(label)
            append("=\"")
            bytes.append(contentsOf: value.bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        append("} ")
    }

    private mutating func appendValue(_ value: Double) {
        append(Self.number(value))
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

    /// A label value escaped once, so a city's name is escaped once for all its samples.
    static func escaped(_ value: String) -> EscapedLabel {
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
        return EscapedLabel(bytes: bytes)
    }
}

/// A label value in its escaped form, ready to go between the quotes.
struct EscapedLabel {
    let bytes: [UInt8]
}
