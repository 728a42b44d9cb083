/// The one JSON writer of every `breezectl … --json`: keys sorted, two spaces of indent,
/// `"key": value`, `[]` and `{}` when empty, non-ASCII text as it is (the style of `jq` and of
/// Python's `json.dumps(indent=2, sort_keys=True, ensure_ascii=False)`).
indirect enum JSONOutput: Sendable {
    case null
    case bool(Bool)
    /// Already-valid JSON number text (exact decimals are written as they are).
    case number(String)
    case string(String)
    case array([JSONOutput])
    case object([String: JSONOutput])

    /// A number, or null when absent or not finite (JSON has no infinity or NaN).
    static func number(_ value: Double?) -> JSONOutput {
        guard let value, value.isFinite else { return .null }
        return .number("\(value)")
    }

    static func integer(_ value: Int?) -> JSONOutput { value.map { .number(String($0)) } ?? .null }

    static func text(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }

    /// The document, pretty-printed, without a final line break.
    var text: String {
        var output = ""
        write(to: &output, indent: "")
        return output
    }

    private func write(to output: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let value): output += Self.quoted(value)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                element.write(to: &output, indent: inner)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{\n"
            // By Unicode scalars, as Python and jq sort.
            let keys = members.keys.sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
            for (index, key) in keys.enumerated() {
                output += inner + Self.quoted(key) + ": "
                members[key]!.write(to: &output, indent: inner)
                output += index == keys.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        }
    }

    private static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
