/// A `Decoder` over a document the scanner reads: how a `Codable` type (a control-socket
/// answer) is read without `JSONDecoder`. Integers are read exactly from their text (a whole
/// number written as `1.0` or `1e2` is accepted, as `JSONDecoder` accepts it); a missing key,
/// a null where a value is needed and a wrong kind are `DecodingError`s naming the path.
public enum JSONValueDecoder {
    /// `type` from `bytes`: one JSON value, nothing after it but whitespace.
    public static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
        let tree = try bytes.withUnsafeBytes { buffer throws(JSONSyntaxError) -> JSONValue in
            var scanner = JSONScanner(buffer)
            let value = try read(&scanner, depth: 0)
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.error("unexpected text after the value") }
            return value
        }
        return try Value(from: TreeDecoder(value: tree, codingPath: []))
    }

    /// The value at the scanner, numbers kept as their text.
    static func read(_ scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) -> JSONValue {
        switch try scanner.peekKind() {
        case .null: try scanner.readNull(); return .null
        case .boolean: return .bool(try scanner.readBoolean())
        case .string: return .string(try scanner.readString())
        case .number:
            let start = scanner.position
            _ = try scanner.readNumber()
            return .numberText(String(decoding: scanner.bytes[start..<scanner.position], as: UTF8.self))
        case .array:
            var elements: [JSONValue] = []
            try scanner.readArray(depth: depth) { scanner throws(JSONSyntaxError) in
                elements.append(try read(&scanner, depth: depth + 1))
            }
            return .array(elements)
        case .object:
            var members: [String: JSONValue] = [:]
            try scanner.readObject(depth: depth) { scanner, key throws(JSONSyntaxError) in
                members[key.string] = try read(&scanner, depth: depth + 1)
            }
            return .object(members)
        }
    }
}

struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw Scalars.mismatch([String: JSONValue].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedReader<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw Scalars.mismatch([JSONValue].self, value, codingPath) }
        return UnkeyedReader(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleReader(value: value, codingPath: codingPath) }
}

/// The conversions of a value to a scalar, shared by the three containers.
enum Scalars {
    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) -> DecodingError {
        if value == .null {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Cannot get \(type) -- found null value instead"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(Scalars.kind(value)) instead."))
    }

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number, .numberText: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }

    /// `value` as `Value`: scalars directly, anything else through its own `init(from:)`.
    static func unbox<Value: Decodable>(_ value: JSONValue, as type: Value.Type, _ codingPath: [any CodingKey]) throws -> Value {
        switch type {
        case is String.Type:
            guard case .string(let text) = value else { throw Scalars.mismatch(type, value, codingPath) }
            return text as! Value
        case is Bool.Type:
            guard case .bool(let flag) = value else { throw Scalars.mismatch(type, value, codingPath) }
            return flag as! Value
        case is Double.Type: return try Scalars.double(value, codingPath) as! Value
        case is Float.Type: return Float(try Scalars.double(value, codingPath)) as! Value
        case is Int.Type: return try Scalars.integer(value, Int.self, codingPath) as! Value
        case is Int8.Type: return try Scalars.integer(value, Int8.self, codingPath) as! Value
        case is Int16.Type: return try Scalars.integer(value, Int16.self, codingPath) as! Value
        case is Int32.Type: return try Scalars.integer(value, Int32.self, codingPath) as! Value
        case is Int64.Type: return try Scalars.integer(value, Int64.self, codingPath) as! Value
        case is UInt.Type: return try Scalars.integer(value, UInt.self, codingPath) as! Value
        case is UInt8.Type: return try Scalars.integer(value, UInt8.self, codingPath) as! Value
        case is UInt16.Type: return try Scalars.integer(value, UInt16.self, codingPath) as! Value
        case is UInt32.Type: return try Scalars.integer(value, UInt32.self, codingPath) as! Value
        case is UInt64.Type: return try Scalars.integer(value, UInt64.self, codingPath) as! Value
        default: return try Value(from: TreeDecoder(value: value, codingPath: codingPath))
        }
    }

    static func double(_ value: JSONValue, _ codingPath: [any CodingKey]) throws -> Double {
        switch value {
        case .numberText(let text):
            guard let number = Double(text), number.isFinite else { throw Scalars.outOfRange(text, Double.self, codingPath) }
            return number
        case .number(let number): return number
        case .integer(let number): return Double(number)
        default: throw Scalars.mismatch(Double.self, value, codingPath)
        }
    }

    static func integer<Integer: FixedWidthInteger>(_ value: JSONValue, _ type: Integer.Type, _ codingPath: [any CodingKey]) throws -> Integer {
        guard case .numberText(let text) = value else {
            if case .integer(let number) = value, let exact = Integer(exactly: number) { return exact }
            throw Scalars.mismatch(type, value, codingPath)
        }
        if let exact = Integer(text) { return exact }
        // `1.0`, `1e2`: a whole number written otherwise.
        if let number = Double(text), let exact = Integer(exactly: number) { return exact }
        throw Scalars.outOfRange(text, type, codingPath)
    }

    static func outOfRange(_ text: String, _ type: Any.Type, _ codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "Parsed JSON number <\(text)> does not fit in \(type)."))
    }
}

struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try Scalars.unbox(try member(key), as: type, codingPath + [key]) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { TreeDecoder(value: members["super"] ?? .null, codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder { TreeDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key]) }
}

struct UnkeyedReader: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    mutating func next(_ type: Any.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: String.Type) throws -> String { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: Double.Type) throws -> Double { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: Float.Type) throws -> Float { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: Int.Type) throws -> Int { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try Scalars.unbox(try next(type), as: type, codingPath) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try Scalars.unbox(try next(type), as: type, codingPath) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: try next(type), codingPath: codingPath).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: try next([JSONValue].self), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { TreeDecoder(value: try next(JSONValue.self), codingPath: codingPath) }
}

struct SingleReader: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: Bool.Type) throws -> Bool { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: String.Type) throws -> String { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try Scalars.unbox(value, as: type, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try Scalars.unbox(value, as: type, codingPath) }
}
