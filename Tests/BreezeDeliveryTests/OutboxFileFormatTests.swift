import BreezeDelivery
import BreezeOutboxValues
import Foundation
import Testing

/// The outbox file format across the change of writer: what BreezeJSON writes is what
/// `JSONEncoder` (sorted keys, pretty-printed) wrote, but for `\/` and empty arrays, and files
/// the earlier writer left are read as before.
struct OutboxFileFormatTests {
    static func sample() -> OutboxEntry {
        var sample = entry(7, city: "東京/Tōkyō \"north\"")
        sample.lastError = "https://hooks.example/ops: HTTP 503\n\u{1}"
        sample.heldUntil = 1_800_000_000.5
        sample.attempts = 2
        return sample
    }

    static func earlierBytes(_ entry: OutboxEntry) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(entry)
    }

    @Test func theFileIsWhatJSONEncoderWroteButForSlashesAndEmptyArrays() throws {
        let state = temporaryFolder()
        let sample = Self.sample()
        try Outbox(stateDirectory: state).write(sample)
        let written = try String(contentsOfFile: state + "/outbox/ops/" + sample.fileName, encoding: .utf8)
        let earlier = String(decoding: try Self.earlierBytes(sample), as: UTF8.self)
            .replacingOccurrences(of: #"\/"#, with: "/")
            .replacingOccurrences(of: #"\[\n\n *\]"#, with: "[]", options: .regularExpression)
        #expect(written == earlier)
        #expect(written.contains(#""lastError" : "https://hooks.example/ops: HTTP 503\n\u0001""#))
    }

    @Test func filesTheEarlierWriterWroteAreRead() throws {
        let state = temporaryFolder()
        let sample = Self.sample()
        try FileManager.default.createDirectory(atPath: state + "/outbox/ops", withIntermediateDirectories: true)
        try Self.earlierBytes(sample).write(to: URL(fileURLWithPath: state + "/outbox/ops/" + sample.fileName))
        let loaded = Outbox(stateDirectory: state).load()
        #expect(loaded.entries == [sample])
        #expect(loaded.corrupt.isEmpty)
    }
}
