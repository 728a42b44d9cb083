import Foundation

@testable import BreezeOpenMeteo

/// The decoding Breeze used before its one-pass reader: Foundation's `JSONDecoder` through
/// `LocationPayload`'s `Decodable` form. The reader is held to agree with it.
enum ReferenceDecoding {
    /// nil when the body does not parse as JSON; else per element the payload, or nil when that
    /// element alone failed.
    static func decode(_ body: [UInt8]) -> [LocationPayload?]? {
        try? JSONDecoder().decode(Elements.self, from: Data(body)).elements
    }

    private struct Elements: Decodable {
        var elements: [LocationPayload?] = []

        init(from decoder: any Decoder) throws {
            guard var array = try? decoder.unkeyedContainer() else {
                elements = [try? LocationPayload(from: decoder)]
                return
            }
            while !array.isAtEnd {
                if let element = try? array.decode(LocationPayload.self) {
                    elements.append(element)
                } else {
                    _ = try array.decode(Skipped.self)
                    elements.append(nil)
                }
            }
        }
    }

    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
