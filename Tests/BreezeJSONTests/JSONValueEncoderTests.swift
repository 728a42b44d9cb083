import BreezeJSON
import Foundation
import Testing

/// `Codable` types through `JSONValueEncoder` and the writer: what `JSONEncoder` writes, read
/// back equal by `JSONDecoder`.
struct JSONValueEncoderTests {
    enum Kind: String, Codable, Equatable { case firing, resolved }

    struct Inner: Codable, Equatable {
        var name: String
        var values: [Double]
    }

    struct Document: Codable, Equatable {
        var kind: Kind
        var sequence: UInt64
        var attempts: Int
        var createdAt: Double
        var lastError: String?
        var heldUntil: Double?
        var flags: [Bool]
        var inner: Inner
        var byName: [String: Int]
        var optionals: [Int?]
        var small: Int8
        var ratio: Float
    }

    static let document = Document(
        kind: .firing, sequence: .max, attempts: -3, createdAt: 1_800_000_000.123456, lastError: "東京 \"timed out\"\n/",
        heldUntil: nil, flags: [true, false], inner: Inner(name: "😀", values: [-0.0, 1e300, 0.1, 60]),
        byName: ["b": 2, "a": 1, "Ä": 3], optionals: [1, nil], small: -128, ratio: 0.1)

    @Test func writesWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(Self.document), as: UTF8.self)
        #expect(try JSONValueEncoder.encode(Self.document).text(.compact) == expected)
    }

    @Test(arguments: [JSONWriter.Layout.compact, .indented, .indentedSpacedColon])
    func readsBackEqualThroughJSONDecoder(layout: JSONWriter.Layout) throws {
        let bytes = try JSONValueEncoder.encode(Self.document).bytes(layout)
        #expect(try JSONDecoder().decode(Document.self, from: Data(bytes)) == Self.document)
    }

    @Test func absentOptionalsAreLeftOut() throws {
        let text = try JSONValueEncoder.encode(Self.document).text(.compact)
        #expect(!text.contains("heldUntil"))
        #expect(text.contains(#""optionals":[1,null]"#))
    }

    @Test func numbersJSONCannotHoldAreRefused() {
        for value in [Double.nan, .infinity] {
            var document = Self.document
            document.createdAt = value
            #expect(throws: EncodingError.self) { try JSONValueEncoder.encode(document) }
            document = Self.document
            document.inner.values = [1, value]
            #expect(throws: EncodingError.self) { try JSONValueEncoder.encode(document) }
        }
    }
}
