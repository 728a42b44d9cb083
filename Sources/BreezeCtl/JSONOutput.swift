import BreezeCommandLine
import BreezeJSON

/// What every `breezectl … --json` builds: a `JSONValue`, written by BreezeJSON's one writer in
/// its indented layout (keys sorted, two spaces of indent, `"key": value`, `[]` and `{}` when
/// empty, non-ASCII text as it is: the style of `jq` and of Python's
/// `json.dumps(indent=2, sort_keys=True, ensure_ascii=False)`).
typealias JSONOutput = JSONValue

extension JSONValue {
    /// A number, or null when absent or not finite (JSON has no infinity or NaN).
    static func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }

    static func integer(_ value: Int?) -> JSONValue { value.map(JSONValue.integer) ?? .null }

    static func text(_ value: String?) -> JSONValue { .optional(value) }

    /// The document, indented, without a final line break.
    var text: String { text(.indented) }
}

extension Console {
    /// Prints a `--json` document on standard output as the writer made it, with a final line
    /// break. It holds no control character but its layout's line breaks (the writer escapes
    /// them all, C1 included), so it is safe on a terminal as it is; the terminal escaping of
    /// `print` would put `\u{9B}` in it, which no JSON parser reads.
    func printJSON(_ document: JSONOutput) {
        writeOutput(document.text + "\n")
    }
}
