import Foundation

/// A JSON document built in code. Encoded with sorted keys, so the same value always gives the
/// same bytes: a retry sends exactly what the first attempt sent.
public enum JSONValue: Sendable, Equatable, Encodable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value) where value.isFinite: try container.encode(value)
        case .number: try container.encodeNil()
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }

    /// The UTF-8 bytes: compact, keys sorted, slashes unescaped.
    public var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every case is encodable (non-finite numbers become null), so this cannot fail.
        return Array(try! encoder.encode(self))
    }

    /// `.string(value)`, or `.null` for nil.
    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}
