/// An `Encoder` whose result is a `JSONValue`: how a `Codable` type (an outbox entry, a control
/// message) reaches `JSONWriter`. It makes the calls `JSONEncoder` makes — absent optionals
/// are left out, numbers JSON cannot hold are refused — so the document is the one
/// `JSONDecoder` reads back.
public enum JSONValueEncoder {
    /// `value` as a tree; throws `EncodingError.invalidValue` for infinity or NaN.
    public static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = JSONNode()
        try value.encode(to: TreeEncoder(node: root, codingPath: []))
        return root.value
    }
}

/// One value being built: a scalar, or an object or array whose members are still filled in.
final class JSONNode {
    var scalar: JSONValue?
    var members: [String: JSONNode]?
    var elements: [JSONNode]?

    var value: JSONValue {
        if let members { return .object(members.mapValues(\.value)) }
        if let elements { return .array(elements.map(\.value)) }
        return scalar ?? .object([:])
    }

    func child(_ key: String) -> JSONNode {
        if members == nil { members = [:] }
        if let existing = members![key] { return existing }
        let node = JSONNode()
        members![key] = node
        return node
    }

    func appended() -> JSONNode {
        if elements == nil { elements = [] }
        let node = JSONNode()
        elements!.append(node)
        return node
    }

    /// Sets a scalar, as every `encode` of the three containers does.
    func set(_ value: some Encodable, _ codingPath: [any CodingKey]) throws {
        switch value {
        case let value as String: scalar = .string(value)
        case let value as Bool: scalar = .bool(value)
        case let value as Double: scalar = try Self.number(value, codingPath)
        case let value as Float: scalar = try Self.number(Double(value), codingPath, text: value.description)
        case let value as Int: scalar = .integer(value)
        case let value as Int64: scalar = .integer(Int(value))
        case let value as Int32: scalar = .integer(Int(value))
        case let value as Int16: scalar = .integer(Int(value))
        case let value as Int8: scalar = .integer(Int(value))
        case let value as UInt64: scalar = .numberText(String(value))
        case let value as UInt: scalar = .numberText(String(value))
        case let value as UInt32: scalar = .integer(Int(value))
        case let value as UInt16: scalar = .integer(Int(value))
        case let value as UInt8: scalar = .integer(Int(value))
        default: try value.encode(to: TreeEncoder(node: self, codingPath: codingPath))
        }
    }

    static func number(_ value: Double, _ codingPath: [any CodingKey], text: String? = nil) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        guard let text else { return .number(value) }
        return .numberText(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    }
}

struct TreeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.members == nil { node.members = [:] }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.elements == nil { node.elements = [] }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(node: node, codingPath: codingPath) }
}

struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(key.stringValue).scalar = .null }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.child(key.stringValue).set(value, codingPath + [key])
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws { node.child(key.stringValue).scalar = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.child(key.stringValue).scalar = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { node.child(key.stringValue).scalar = try JSONNode.number(value, codingPath + [key]) }
    mutating func encode(_ value: Float, forKey key: Key) throws { node.child(key.stringValue).scalar = try JSONNode.number(Double(value), codingPath + [key], text: value.description) }
    mutating func encode(_ value: Int, forKey key: Key) throws { node.child(key.stringValue).scalar = .integer(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { node.child(key.stringValue).scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { node.child(key.stringValue).scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { node.child(key.stringValue).scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { node.child(key.stringValue).scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { node.child(key.stringValue).scalar = .numberText(String(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { node.child(key.stringValue).scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { node.child(key.stringValue).scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { node.child(key.stringValue).scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { node.child(key.stringValue).scalar = .numberText(String(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        TreeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(node: node.child("super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int { node.elements?.count ?? 0 }

    mutating func encodeNil() throws { node.appended().scalar = .null }

    mutating func encode<T: Encodable>(_ value: T) throws { try node.appended().set(value, codingPath) }

    mutating func encode(_ value: Bool) throws { node.appended().scalar = .bool(value) }
    mutating func encode(_ value: String) throws { node.appended().scalar = .string(value) }
    mutating func encode(_ value: Double) throws { node.appended().scalar = try JSONNode.number(value, codingPath) }
    mutating func encode(_ value: Float) throws { node.appended().scalar = try JSONNode.number(Double(value), codingPath, text: value.description) }
    mutating func encode(_ value: Int) throws { node.appended().scalar = .integer(value) }
    mutating func encode(_ value: Int8) throws { node.appended().scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int16) throws { node.appended().scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int32) throws { node.appended().scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int64) throws { node.appended().scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt) throws { node.appended().scalar = .numberText(String(value)) }
    mutating func encode(_ value: UInt8) throws { node.appended().scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt16) throws { node.appended().scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt32) throws { node.appended().scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt64) throws { node.appended().scalar = .numberText(String(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        TreeEncoder(node: node.appended(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        TreeEncoder(node: node.appended(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(node: node.appended(), codingPath: codingPath) }
}

struct SingleContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.scalar = .null }

    mutating func encode<T: Encodable>(_ value: T) throws { try node.set(value, codingPath) }

    mutating func encode(_ value: Bool) throws { node.scalar = .bool(value) }
    mutating func encode(_ value: String) throws { node.scalar = .string(value) }
    mutating func encode(_ value: Double) throws { node.scalar = try JSONNode.number(value, codingPath) }
    mutating func encode(_ value: Float) throws { node.scalar = try JSONNode.number(Double(value), codingPath, text: value.description) }
    mutating func encode(_ value: Int) throws { node.scalar = .integer(value) }
    mutating func encode(_ value: Int8) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int16) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int32) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int64) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt) throws { node.scalar = .numberText(String(value)) }
    mutating func encode(_ value: UInt8) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt16) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt32) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt64) throws { node.scalar = .numberText(String(value)) }
}
