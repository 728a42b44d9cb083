import BreezeJSON
import Foundation
import Testing

/// `Codable` types read by the scanner through `JSONValueDecoder`: what `JSONDecoder` reads,
/// refused where it refuses.
struct JSONValueDecoderTests {
    typealias Document = JSONValueEncoderTests.Document

    @Test(arguments: [JSONWriter.Layout.compact, .indented, .indentedSpacedColon])
    func readsWhatTheWriterWrites(layout: JSONWriter.Layout) throws {
        let bytes = try JSONValueEncoder.encode(JSONValueEncoderTests.document).bytes(layout)
        #expect(try JSONValueDecoder.decode(Document.self, from: bytes) == JSONValueEncoderTests.document)
    }

    @Test func readsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        let bytes = Array(try encoder.encode(JSONValueEncoderTests.document))
        #expect(try JSONValueDecoder.decode(Document.self, from: bytes) == JSONValueEncoderTests.document)
    }

    struct Numbers: Decodable, Equatable {
        var count: Int
        var sequence: UInt64
        var value: Double
        var maybe: Int?
    }

    @Test func integersAreExactAndWholeNumbersAreAccepted() throws {
        let text = #"{"count": 1e2, "sequence": 18446744073709551615, "value": -0.5, "maybe": null, "other": [1, {"x": 2}]}"#
        let read = try JSONValueDecoder.decode(Numbers.self, from: Array(text.utf8))
        #expect(read == Numbers(count: 100, sequence: .max, value: -0.5, maybe: nil))
        #expect(try JSONDecoder().decode(Numbers.self, from: Data(text.utf8)) == read)
        let large = #"{"count": 9223372036854775807, "sequence": 0, "value": 1}"#
        #expect(try JSONValueDecoder.decode(Numbers.self, from: Array(large.utf8)).count == .max)
    }

    @Test(arguments: [
        #"{"count": 1.5, "sequence": 0, "value": 1}"#, #"{"count": 9223372036854775808, "sequence": 0, "value": 1}"#,
        #"{"count": -1, "sequence": -1, "value": 1}"#, #"{"sequence": 0, "value": 1}"#,
        #"{"count": null, "sequence": 0, "value": 1}"#, #"{"count": "1", "sequence": 0, "value": 1}"#,
        #"{"count": 1, "sequence": 0, "value": 1e400}"#, #"{"count": 1, "sequence": 0, "value": 1} x"#,
        #"[{"count": 1, "sequence": 0, "value": 1}]"#,
    ])
    func refusesWhatJSONDecoderRefuses(text: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Numbers.self, from: Data(text.utf8)) }
        #expect(throws: (any Error).self) { try JSONValueDecoder.decode(Numbers.self, from: Array(text.utf8)) }
    }

    @Test func aMissingKeyIsNamed() {
        do {
            _ = try JSONValueDecoder.decode(Numbers.self, from: Array(#"{"count": 1, "value": 1}"#.utf8))
            Issue.record("decoded without sequence")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "sequence")
        } catch {
            Issue.record("\(error)")
        }
    }
}
