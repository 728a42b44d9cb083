import Foundation

/// A response body holding one element per location: a lone object (one location) or an array
/// in request order (several). An element that does not decode fails only its own position.
struct LocationElements<Element: Decodable>: Decodable {
    var elements: [Result<Element, FetchError>] = []

    init(from decoder: any Decoder) throws {
        guard var array = try? decoder.unkeyedContainer() else {
            elements = [Self.decodeOne { try Element(from: decoder) }]
            return
        }
        if let count = array.count { elements.reserveCapacity(count) }
        while !array.isAtEnd {
            let element = Self.decodeOne { try array.decode(Element.self) }
            if case .failure = element {
                // A failed decode leaves the container where it was: step over the element.
                _ = try array.decode(Skipped.self)
            }
            elements.append(element)
        }
    }

    /// Decodes `body`, or throws `unparsableBody` when it is not JSON of either shape.
    static func decode(_ body: [UInt8]) throws(FetchError) -> [Result<Element, FetchError>] {
        do {
            return try JSONDecoder().decode(Self.self, from: Data(body)).elements
        } catch {
            throw .unparsableBody(describe(error))
        }
    }

    private static func decodeOne(_ decode: () throws -> Element) -> Result<Element, FetchError> {
        do {
            return .success(try decode())
        } catch {
            return .failure(.invalidLocation(describe(error)))
        }
    }

    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}

/// A short description of a decoding error: what was wrong and where.
func describe(_ error: any Error) -> String {
    guard let decodingError = error as? DecodingError else { return String(describing: error) }
    let (context, what): (DecodingError.Context, String) =
        switch decodingError {
        case .typeMismatch(let type, let context): (context, "expected \(type)")
        case .valueNotFound(let type, let context): (context, "missing \(type)")
        case .keyNotFound(let key, let context): (context, "missing key '\(key.stringValue)'")
        case .dataCorrupted(let context): (context, "corrupted data")
        @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "invalid")
        }
    let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
        .joined(separator: ".")
    let detail = context.debugDescription.isEmpty ? "" : " (\(context.debugDescription))"
    return path.isEmpty ? what + detail : "\(what) at \(path)\(detail)"
}

/// Any JSON object key.
struct DynamicKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
