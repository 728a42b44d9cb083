import BreezeModel
import BreezeSensors
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

/// `sensors.json`: the hours come back as they were written; a file Breeze did not write, or
/// one with numbers no sensor gives, is moved aside and the hours start empty.
@Suite struct SensorHoursFileTests {
    let folder: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-sensors-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// 2026-12-01 00:00 UTC.
    static let day = 1_796_083_200.0
    static let now = Instant(unixSeconds: day + 5 * 3600 + 600)

    /// Hours 0–4 of `day`, every minute covered, then ten minutes of hour 5.
    static func hours(_ base: Double = 10) -> SensorHours {
        var hours = SensorHours()
        var at = day + 120
        while at <= now.unixSeconds {
            hours.add(
                SensorSample(
                    at: Instant(unixSeconds: at), covers: .seconds(120), pm2_5: base + at.truncatingRemainder(dividingBy: 7) / 3,
                    rawPM2_5: nil, correction: .epaPurpleAir),
                now: Instant(unixSeconds: at))
            at += 120
        }
        return hours
    }

    func write(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/sensors.json"))
    }

    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    @Test func missingFileIsAFreshStart() throws {
        #expect(try SensorHoursFile(stateDirectory: folder).load(kinds: [:], now: Self.now) == .fresh)
    }

    @Test func hoursRoundTrip() throws {
        let file = SensorHoursFile(stateDirectory: folder + "/")
        #expect(file.path == folder + "/sensors.json")
        let backyard = Self.hours(10)
        let porch = Self.hours(80)
        #expect(backyard.hours.count == 6)
        try file.save([
            "backyard": .init(kind: .purpleAir, hours: backyard), "porch": .init(kind: .airGradient, hours: porch),
            "new": .init(kind: .sensorCommunity, hours: SensorHours()),
        ])
        let outcome = try file.load(
            kinds: ["backyard": .purpleAir, "porch": .airGradient, "new": .sensorCommunity], now: Self.now)
        #expect(outcome == .loaded(["backyard": backyard, "porch": porch, "new": SensorHours()], dropped: []))
        guard case .loaded(let loaded, _) = outcome else { return }
        #expect(loaded["backyard"]?.nowCast(now: Self.now) == backyard.nowCast(now: Self.now))
        #expect(loaded["backyard"]?.nowCast(now: Self.now).aqi != nil)
        // Readable by everyone, no temporary file left behind.
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        #expect(try entries() == ["sensors.json"])
    }

    @Test func hostileNamesRoundTripExactly() throws {
        let file = SensorHoursFile(stateDirectory: folder)
        var saved: [String: SensorHoursFile.Entry] = [:]
        var kinds: [String: SensorKind] = [:]
        for (offset, name) in HostileName.all.map(\.name).enumerated() {
            saved[name] = .init(kind: .purpleAir, hours: Self.hours(Double(offset)))
            kinds[name] = .purpleAir
        }
        #expect(saved["東京"] != nil)
        try file.save(saved)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file.path)), as: UTF8.self)
        #expect(text.contains("\"東京\":"))
        #expect(!text.contains("\u{1B}") && !text.contains("\u{0}"))
        #expect(try file.load(kinds: kinds, now: Self.now) == .loaded(saved.mapValues(\.hours), dropped: []))
    }

    @Test func hoursOfAnotherKindOrNoSensorAreDropped() throws {
        let file = SensorHoursFile(stateDirectory: folder)
        try file.save([
            "backyard": .init(kind: .purpleAir, hours: Self.hours()), "gone": .init(kind: .airGradient, hours: Self.hours()),
            "東京": .init(kind: .sensorCommunity, hours: Self.hours()),
        ])
        let outcome = try file.load(kinds: ["backyard": .airGradient, "東京": .sensorCommunity], now: Self.now)
        #expect(
            outcome
                == .loaded(
                    ["東京": Self.hours()],
                    dropped: [
                        "sensor \"backyard\": its hours are dropped, as they came from a purpleair sensor "
                            + "and it is now airgradient",
                        "sensor \"gone\": its hours are dropped, as no [Sensor] has that name",
                    ]))
    }

    @Test func hoursBeforeTheLastDayAreDroppedOnLoad() throws {
        let file = SensorHoursFile(stateDirectory: folder)
        try file.save(["backyard": .init(kind: .purpleAir, hours: Self.hours())])
        // 20 hours later, the 24 kept are 2–25: hours 0 and 1 have left.
        let later = Instant(unixSeconds: Self.now.unixSeconds + 20 * 3600)
        guard case .loaded(let loaded, _) = try file.load(kinds: ["backyard": .purpleAir], now: later) else {
            Issue.record("not loaded")
            return
        }
        #expect(loaded["backyard"]?.hours.map(\.start.unixSeconds) == (2...5).map { Self.day + Double($0) * 3600 })
    }

    @Test func corruptFileIsMovedAside() throws {
        let file = SensorHoursFile(stateDirectory: folder)
        try write("{\"version\": 1, \"sensors\": {")
        let outcome = try file.load(kinds: [:], now: Instant(unixSeconds: 1_800_000_000))
        guard case .corrupt(let movedTo, let reason) = outcome else {
            Issue.record("expected corrupt, got \(outcome)")
            return
        }
        #expect(movedTo == file.path + ".corrupt-1800000000")
        #expect(reason.contains("at byte"))
        #expect(try entries() == ["sensors.json.corrupt-1800000000"])
        #expect(try file.load(kinds: [:], now: Self.now) == .fresh)
        // And a hours file can be written again.
        try file.save(["a": .init(kind: .purpleAir, hours: Self.hours())])
        #expect(try file.load(kinds: ["a": .purpleAir], now: Self.now) == .loaded(["a": Self.hours()], dropped: []))
    }

    /// A good hour's text, with one member replaced.
    static func document(
        start: String = "1796083200", sum: String = "300", count: String = "30", minutes: String = "\"fffffffffffffff\"",
        kind: String = "\"purpleair\"", lastSampleAt: String = "1796086800", version: String = "1", hours: String? = nil
    ) -> String {
        let hour = "{\"start\":\(start),\"sum\":\(sum),\"count\":\(count),\"minutes\":\(minutes)}"
        return "{\"version\":\(version),\"sensors\":{\"backyard\":{\"kind\":\(kind),\"lastSampleAt\":\(lastSampleAt),"
            + "\"hours\":\(hours ?? "[\(hour)]")}}}"
    }

    /// An hour without samples starting at `start`.
    static func emptyHour(_ start: Double) -> String {
        "{\"start\":\(Int(start)),\"sum\":0,\"count\":0,\"minutes\":\"0\"}"
    }

    @Test func theGoodDocumentReads() throws {
        try write(Self.document())
        let outcome = try SensorHoursFile(stateDirectory: folder).load(kinds: ["backyard": .purpleAir], now: Self.now)
        guard case .loaded(let loaded, _) = outcome else {
            Issue.record("not loaded")
            return
        }
        let hours = try #require(loaded["backyard"])
        #expect(hours.hours.map(\.count) == [30])
        #expect(hours.hours.map(\.coveredMinutes) == [60])
        #expect(hours.hours.map(\.mean) == [10])
        #expect(hours.lastSampleAt == Instant(unixSeconds: 1_796_086_800))
    }

    @Test(arguments: [
        (document(sum: "1e300"), "'sum' 1e+300 is not between 0 and 10⁹ µg/m³ per sample"),
        (document(sum: "-1"), "'sum' -1 is not between 0 and 10⁹ µg/m³ per sample"),
        (document(sum: "1e400"), "'sum' is too large to be a number"),
        (document(sum: "\"NaN\""), "'sum' is not a number"),
        (document(sum: "NaN"), "unexpected character"),
        (document(count: "-3"), "'count' -3 is not a whole number from 0 to 1000000"),
        (document(count: "2.5"), "'count' 2.5 is not a whole number from 0 to 1000000"),
        (document(count: "1e19"), "'count' 1e+19 is not a whole number from 0 to 1000000"),
        (document(sum: "5", count: "0"), "'sum' 5 is not between 0 and 10⁹ µg/m³ per sample"),
        (document(start: "1796083201"), "'start' 1796083201 is not the start of an hour"),
        (document(start: "1e300"), "'start' 1e+300 is not the start of an hour"),
        (document(start: "1796104800"), "starts in the future (1796104800)"),
        (document(minutes: "\"1000000000000000\""), "'minutes' is not a mask of 60 minutes"),
        (document(minutes: "\"-1\""), "'minutes' is not a mask of 60 minutes"),
        (document(minutes: "\"+f\""), "'minutes' is not a mask of 60 minutes"),
        (document(minutes: "\"\""), "'minutes' is not a mask of 60 minutes"),
        (document(minutes: "1152921504606846975"), "'minutes' is not a string"),
        (document(kind: "\"purple\""), "'kind' \"purple\" is not a kind of sensor"),
        (document(lastSampleAt: "1e300"), "'lastSampleAt' 1e+300 is no time"),
        (document(version: "2"), "version 2 is not 1, the one this Breeze reads"),
        (document(hours: "[" + (0..<25).reversed().map { emptyHour(day - Double($0) * 3600) }.joined(separator: ",") + "]"),
         "more than 24 hours"),
        (document(hours: "[\(emptyHour(day + 3600)),\(emptyHour(day))]"), "hour 2: not after the hour before it"),
        ("[]", "the document is not an object"),
        ("{\"sensors\":{}}", "'version' is missing"),
    ])
    func hostileFilesAreMovedAside(text: String, reason: String) throws {
        try write(text)
        let outcome = try SensorHoursFile(stateDirectory: folder).load(kinds: ["backyard": .purpleAir], now: Self.now)
        guard case .corrupt(_, let said) = outcome else {
            Issue.record("expected corrupt, got \(outcome)")
            return
        }
        #expect(said.contains(reason), "\(said)")
        #expect(try entries().count == 1 && entries()[0].hasPrefix("sensors.json.corrupt-"))
    }

    @Test func aHugeFileIsMovedAsideUnread() throws {
        let padding = String(repeating: " ", count: SensorHoursFile.maximumBytes)
        try write(Self.document() + padding)
        let outcome = try SensorHoursFile(stateDirectory: folder).load(kinds: ["backyard": .purpleAir], now: Self.now)
        #expect(
            outcome == .corrupt(movedTo: folder + "/sensors.json.corrupt-1796101800", reason: "larger than 4194304 bytes"))
    }
}
