/// A JSON document built in code, for the paths that are not hot (webhook bodies, control
/// lines, `--json` output, outbox entries): written by `JSONWriter` with keys sorted, so the
/// same value always gives the same bytes — a retry sends exactly what the first attempt sent.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    /// Written as `JSONWriter.writeFiniteDouble` writes it; a non-finite number is written as
    /// `null` (JSON has no infinity or NaN).
    case number(Double)
    /// Number text that is already valid JSON (an exact decimal), written as it is.
    case numberText(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// `.string(value)`, or `.null` for nil.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// The UTF-8 bytes in `layout`: keys sorted, slashes unescaped.
    public func bytes(_ layout: JSONWriter.Layout = .compact) -> [UInt8] {
        var writer = JSONWriter(layout: layout)
        write(to: &writer)
        return writer.bytes
    }

    /// The compact UTF-8 bytes.
    public var bytes: [UInt8] { bytes(.compact) }

    /// The document as text in `layout`, without a final line break.
    public func text(_ layout: JSONWriter.Layout) -> String { String(decoding: bytes(layout), as: UTF8.self) }

    /// Appends the value to `writer`.
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.writeNull()
        case .bool(let value): writer.writeBool(value)
        case .integer(let value): writer.writeInteger(value)
        case .number(let value):
            if value.isFinite { writer.writeFiniteDouble(value) } else { writer.writeNull() }
        case .numberText(let text): writer.writeNumberText(text)
        case .string(let value): writer.writeString(value)
        case .array(let elements):
            writer.beginArray()
            for element in elements {
                writer.element()
                element.write(to: &writer)
            }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for key in members.keys.sorted(by: { JSONWriter.precedes($0, $1) }) {
                writer.key(key)
                members[key]!.write(to: &writer)
            }
            writer.endObject()
        }
    }
}
