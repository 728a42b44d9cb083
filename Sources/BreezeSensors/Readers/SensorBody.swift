import BreezeJSON

/// A sensor's answer as a small tree, read with BreezeJSON's scanner: numbers, strings,
/// objects and arrays as they came (a number too large for a `Double` is infinite; the readers'
/// checks say "not a number"), anything else by its kind. Only the first levels are kept, deep
/// enough for every kind's shape (AirGradient's `channels.1.pm02` is the deepest); a value
/// nested below them is checked and skipped, so a hostile body cannot make a deep tree.
enum SensorBody: Equatable {
    case number(Double)
    case text(String)
    case object([String: SensorBody])
    case array([SensorBody])
    /// A boolean, null, or a value nested deeper than kept.
    case other(JSONValueKind)

    /// Levels below the root that are kept.
    static let keptDepth = 3

    /// The tree of `bytes`, or why they are no JSON: "answered HTML, not JSON", "answered an
    /// empty body", "answered something that is not JSON (unexpected character at byte 0)".
    static func read(_ bytes: [UInt8]) -> Result<SensorBody, SensorFailure> {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard let first else { return .failure(SensorFailure("answered an empty body")) }
        guard first != UInt8(ascii: "<") else { return .failure(SensorFailure("answered HTML, not JSON")) }
        return bytes.withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            do {
                let tree = try read(&scanner, depth: 0)
                scanner.skipWhitespace()
                guard scanner.isAtEnd else { throw scanner.error("unexpected text after the value") }
                return .success(tree)
            } catch {
                return .failure(SensorFailure("answered something that is not JSON (\(error))"))
            }
        }
    }

    private static func read(_ scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) -> SensorBody {
        let kind = try scanner.peekKind()
        switch kind {
        case .number: return .number(try scanner.readNumber())
        case .string: return .text(try scanner.readString())
        case .object where depth <= keptDepth:
            var members: [String: SensorBody] = [:]
            try scanner.readObject(depth: depth) { scanner, key throws(JSONSyntaxError) in
                // A repeated key: the last one counts, as everywhere else in Breeze.
                members[key.string] = try read(&scanner, depth: depth + 1)
            }
            return .object(members)
        case .array where depth <= keptDepth:
            var elements: [SensorBody] = []
            try scanner.readArray(depth: depth) { scanner throws(JSONSyntaxError) in
                elements.append(try read(&scanner, depth: depth + 1))
            }
            return .array(elements)
        default:
            try scanner.skipValue(depth: depth)
            return .other(kind)
        }
    }

    /// The member `key` of an object; nil when absent or when this is not an object.
    subscript(key: String) -> SensorBody? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The members of an object (empty for anything else).
    var members: [String: SensorBody] {
        guard case .object(let members) = self else { return [:] }
        return members
    }

    /// The string this is; nil for any other kind.
    var text: String? {
        guard case .text(let text) = self else { return nil }
        return text
    }

    /// How the kind is named in messages: "an object", "an array", "a string", …
    var kindName: String {
        switch self {
        case .number: JSONValueKind.number.name
        case .text: JSONValueKind.string.name
        case .object: JSONValueKind.object.name
        case .array: JSONValueKind.array.name
        case .other(let kind): kind.name
        }
    }
}
