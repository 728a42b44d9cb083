import BreezeModel
import Foundation
import Testing

@testable import BreezeDaemon

/// `climate.json` in the state folder: survives a restart, and a bad one is no cache.
struct ClimateTrendCacheTests {
    let folder = NSTemporaryDirectory() + "breeze-climate-\(UUID().uuidString)"

    func cache() throws -> ClimateTrendCache {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return ClimateTrendCache(stateDirectory: folder)
    }

    static let entry = ClimateTrendEntry(
        day: "2026-08-20", latitude: 48.85, longitude: 2.35,
        points: ClimateTrendPoint.series([1980: 21.5, 1990: nil, 2026: 24]).map { point in
            var point = point
            if point.year == 2026 { point.date = "2026-08-15" }
            return point
        })

    @Test func whatIsSavedIsReadBack() throws {
        let cache = try cache()
        #expect(cache.load().entries.isEmpty && cache.load().problem == nil)
        try cache.save(["Paris": Self.entry, "東京": Self.entry])
        let (entries, problem) = ClimateTrendCache(stateDirectory: folder).load()
        #expect(problem == nil)
        #expect(entries == ["Paris": Self.entry, "東京": Self.entry])
    }

    @Test func aCorruptFileIsNoCacheAndSaysSo() throws {
        let cache = try cache()
        for text in ["{\"version\":1,\"cities\":[", "not json", "[]", String(repeating: "[", count: 100_000)] {
            try text.write(toFile: cache.path, atomically: true, encoding: .utf8)
            let (entries, problem) = cache.load()
            #expect(entries.isEmpty)
            #expect(problem?.contains("fetched again") == true)
        }
    }

    @Test func hostileEntriesAreDroppedOthersKept() throws {
        let cache = try cache()
        let good = #"{"name":"Paris","day":"2026-08-20","latitude":48.85,"longitude":2.35,"points":[{"year":1980,"temperatureMaximum":21}]}"#
        let hostile = [
            #"{"name":"A","day":"yesterday","latitude":1,"longitude":1,"points":[]}"#,
            #"{"name":"B","day":"2026-08-20","latitude":1e300,"longitude":1,"points":[]}"#,
            #"{"name":"C","day":"2026-08-20","latitude":1,"longitude":1,"points":[{"year":1980,"temperatureMaximum":1e300}]}"#,
            #"{"name":"D","day":"2026-08-20","latitude":1,"longitude":1,"points":[{"year":-5,"temperatureMaximum":20}]}"#,
        ]
        try ("{\"version\":1,\"cities\":[" + ([good] + hostile).joined(separator: ",") + "]}")
            .write(toFile: cache.path, atomically: true, encoding: .utf8)
        let (entries, problem) = cache.load()
        #expect(Array(entries.keys) == ["Paris"])
        #expect(problem?.contains("4 entries did not check") == true)
    }
}
