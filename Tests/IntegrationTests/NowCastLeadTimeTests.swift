import BreezeTestSupport
import Foundation
import Testing

/// The lead time breezed(8) states ("Why NowCast is the default"; the table is in Tests/README.md): on the fixture's `smoke-onset` (PM2.5 5 → 150 µg/m³ at
/// 12:00Z on 2026-08-20, back to 5 at 00:00Z on the 22nd), one city alerting on NowCast and one
/// on Open-Meteo's `us_aqi`, `Threshold=unhealthy`, the default ConfirmAfter (2) and Hysteresis
/// (10), polled every 15 minutes by `breezed --once` with the fixture's clock moved between runs.
struct NowCastLeadTimeTests {
    static let start = "2026-08-20T10:00"
    static let onsetMinutes = 120  // 12:00Z
    static let fallMinutes = 38 * 60  // 2026-08-22T00:00Z
    static let stepMinutes = 15
    static let endMinutes = 60 * 60  // 2026-08-22T22:00Z: past Open-Meteo's 24-hour mean clearing

    struct CityRun {
        var aqi: [Int?] = []
        var sources: Set<String> = []
        var fired: [Int] = []
        var resolved: [Int] = []
    }

    @Test func nowcastFiresSoonerAndResolvesSooner() throws {
        let timeline = try OnceTimeline(
            scenario: "smoke-onset.json",
            cities: [("NowCast", 48.8566, 2.3522, "nowcast"), ("OpenMeteo", 40.7128, -74.006, "open-meteo")])
        defer { timeline.stop() }
        var runs = ["NowCast": CityRun(), "OpenMeteo": CityRun()]
        for step in 0...(Self.endMinutes / Self.stepMinutes) {
            let lines = try timeline.poll(at: OnceTimeline.time(Self.start, plusMinutes: step * Self.stepMinutes))
            for name in runs.keys {
                let reading = lines.first { $0.isEvent("reading", city: name) }
                runs[name]!.aqi.append(reading?.field("BREEZE_AQI").flatMap { Int($0) })
                if let source = reading?.field("BREEZE_AQI_SOURCE") { runs[name]!.sources.insert(source) }
                if lines.contains(where: { $0.isEvent("firing", city: name) }) { runs[name]!.fired.append(step) }
                if lines.contains(where: { $0.isEvent("resolved", city: name) }) { runs[name]!.resolved.append(step) }
            }
        }
        let nowcast = runs["NowCast"]!
        let openMeteo = runs["OpenMeteo"]!
        #expect(nowcast.sources == ["nowcast"])
        #expect(openMeteo.sources == ["open-meteo"])
        // One episode each, firing and resolving where the rule says, from the values logged.
        for run in [nowcast, openMeteo] {
            #expect(run.fired.count == 1)
            #expect(run.resolved.count == 1)
            #expect(run.fired.first == Self.confirmed(run.aqi, from: 0) { $0 >= 151 })
            #expect(run.resolved.first == Self.confirmed(run.aqi, from: run.fired.first ?? 0) { $0 <= 151 - 1 - 10 })
        }
        let fired = try [nowcast, openMeteo].map { try #require($0.fired.first) * Self.stepMinutes - Self.onsetMinutes }
        let resolved = try [nowcast, openMeteo].map { try #require($0.resolved.first) * Self.stepMinutes - Self.fallMinutes }
        print("smoke-onset lead time: nowcast fires \(fired[0]) min after onset, open-meteo \(fired[1]) min; "
            + "after the fall nowcast resolves in \(resolved[0]) min, open-meteo in \(resolved[1]) min")
        #expect(fired[0] > 0)
        #expect(fired[0] < fired[1])
        #expect(resolved[0] < resolved[1])
    }

    /// The step at which `breaches` held for ConfirmAfter (2) readings in a row, after `from`.
    static func confirmed(_ values: [Int?], from: Int, _ breaches: (Int) -> Bool) -> Int? {
        var streak = 0
        for (step, value) in values.enumerated() where step > from || (from == 0 && step == 0) {
            streak = value.map(breaches) == true ? streak + 1 : 0
            if streak == 2 { return step }
        }
        return nil
    }
}
