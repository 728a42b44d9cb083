import BreezeFiles
import BreezeModel
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeState

/// `hours.bin`: what is written reads back the same; anything else reads as no kept hours, with
/// the reason, and never traps.
struct KeptHoursStoreTests {
    static let hour = 1_787_234_400 / 3600

    static func sample() -> [String: KeptHours] {
        var paris = KeptHours(latitude: 48.85, longitude: 2.35)
        for back in 0..<80 {
            paris.setRow(hour: hour - back) { pollutant in
                back == 5 ? nil : pollutant == .co ? 1e5 + Double(back) * 0.001 : Double(back) + 0.3
            }
        }
        var tokyo = KeptHours(latitude: 35.68, longitude: 139.69)
        tokyo.setRow(hour: hour) { $0 == .o3 ? 12.3 : nil }
        let never = KeptHours(latitude: -90, longitude: 180)
        return ["Paris": paris, "東京 \u{202E}": tokyo, String(repeating: "x", count: 200): never]
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let hours = Self.sample()
        let bytes = KeptHoursStore.encode(hours)
        #expect(try KeptHoursStore.decode(bytes).get() == hours)
        // The same hours, the same bytes (cities in name order).
        #expect(KeptHoursStore.encode(try KeptHoursStore.decode(bytes).get()) == bytes)
        #expect(try KeptHoursStore.decode(KeptHoursStore.encode([:])).get().isEmpty)
        let paris = try #require(try KeptHoursStore.decode(bytes).get()["Paris"])
        #expect(paris.value(.co, hour: Self.hour - 3) == 1e5 + 0.003)
        #expect(paris.value(.pm2_5, hour: Self.hour - 3) == 3.3)
        #expect(paris.holds(hour: Self.hour - 5) && paris.value(.pm2_5, hour: Self.hour - 5) == nil)
    }

    @Test func everyCutAndEveryBrokenFieldIsRefused() {
        let bytes = KeptHoursStore.encode(Self.sample())
        // Cut anywhere: refused, never a trap.
        for length in 0..<bytes.count {
            if case .success = KeptHoursStore.decode(Array(bytes[..<length])) {
                Issue.record("a file cut at \(length) of \(bytes.count) bytes was read")
            }
        }
        func refused(_ change: (inout [UInt8]) -> Void) -> String? {
            var copy = bytes
            change(&copy)
            if case .failure(let problem) = KeptHoursStore.decode(copy) { return problem.reason }
            return nil
        }
        #expect(refused { $0[0] = UInt8(ascii: "X") } == "not a kept-hours file")
        #expect(refused { $0[4] = 2 } == "not version 1")
        #expect(refused { $0[6] = 72 } == "another layout of slots")
        #expect(refused { $0.append(0) } == "bytes after the last city")
        // A city count the bytes cannot hold is refused before anything is made for it.
        #expect(refused { $0[12] = 0xFF; $0[13] = 0xFF; $0[14] = 0xFF; $0[15] = 0xFF } == "cut short")
        // Garbage of every length.
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 15, 16, 100, 5000] {
            let garbage = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if case .success = KeptHoursStore.decode(garbage) { Issue.record("\(length) random bytes were read") }
        }
    }

    @Test func aValueNoPollKeepsIsRefused() {
        var kept = KeptHours(latitude: 1, longitude: 2)
        kept.setRow(hour: Self.hour) { $0 == .no2 ? -1 : nil }
        let bytes = KeptHoursStore.encode(["a": kept])
        guard case .failure(let problem) = KeptHoursStore.decode(bytes) else {
            Issue.record("a negative value was read")
            return
        }
        #expect(problem.reason == "a: a kept value is not a concentration")
    }

    @Test func aFileThatDoesNotReadIsNoKeptHoursAndItsPathIsNamed() throws {
        let folder = NSTemporaryDirectory() + "breeze-hours-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = KeptHoursStore(stateDirectory: folder)
        #expect(store.path == folder + "/hours.bin")
        let none = store.load()
        #expect(none.hours.isEmpty && none.problem == nil)
        try store.save(Self.sample())
        #expect(store.load().hours == Self.sample())
        try AtomicFile.write(Array("{\"cities\":{}}".utf8), to: store.path)
        let broken = store.load()
        #expect(broken.hours.isEmpty)
        #expect(broken.problem == store.path + ": not a kept-hours file")
    }

    /// The fuzz target's seed, written by Python from the layout above (not by `encode`):
    /// the layout is what the documentation says.
    @Test func theFuzzSeedWrittenFromTheLayoutReads() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/hours/four-cities.bin")
        let hours = try KeptHoursStore.decode(Array(try Data(contentsOf: seed))).get()
        #expect(hours.keys.sorted() == ["Lima", "Nowhere", "Paris", "東京"])
        #expect(hours["Paris"]?.value(.pm2_5, hour: Self.hour - 3) == 12.6)
        #expect(hours["Paris"]?.value(.co, hour: Self.hour - 72) == 250)
        #expect(hours["Lima"]?.value(.co, hour: Self.hour - 1) == 2.675)
        #expect(hours["Lima"]?.reachesRecent(at: Instant(unixSeconds: Double(Self.hour) * 3600)) == true)
        #expect(hours["Nowhere"]?.newestHour == nil)
    }
}
