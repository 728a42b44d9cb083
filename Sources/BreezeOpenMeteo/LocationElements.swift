import BreezeJSON

/// A response body holding one element per location: a lone object (one location) or an array
/// in request order (several). An element that is not usable fails only its own position; text
/// that is not JSON anywhere fails the whole body, as Open-Meteo's broken streams do.
enum LocationElements {
    /// Reads `body` in one pass, straight into payloads, or throws `unparsableBody` when it is
    /// not JSON.
    static func decode(_ body: [UInt8]) throws(FetchError) -> [Result<LocationPayload, FetchError>] {
        let outcome = body.withUnsafeBytes { bytes in
            Result { () throws(JSONSyntaxError) in try read(bytes) }
        }
        switch outcome {
        case .success(let elements): return elements
        case .failure(let error): throw .unparsableBody(error.description)
        }
    }

    private static func read(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError)
        -> [Result<LocationPayload, FetchError>]
    {
        var scanner = JSONScanner(bytes)
        var elements: [Result<LocationPayload, FetchError>] = []
        var units = UnitsMemo()
        if try scanner.peekKind() == .array {
            try scanner.readArray { scanner throws(JSONSyntaxError) in
                elements.append(try LocationPayloadReader.read(&scanner, index: elements.count, units: &units))
            }
        } else {
            elements.append(try LocationPayloadReader.read(&scanner, index: nil, units: &units))
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.error("unexpected text after the JSON value") }
        return elements
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
