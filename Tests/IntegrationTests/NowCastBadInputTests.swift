import BreezeTestSupport
import Foundation
import Testing

/// The fixture's hostile smoke-onset scenarios (clock at 14:00Z, two hours into the smoke):
/// each reading record names the city and the problem; nothing fires or resolves on hours whose
/// rows are missing, while a pollutant's own gaps are rated by EPA's completeness rules. The
/// clean scenario at the same times fires on NowCast, so the quiet here is the fallback's doing.
struct NowCastBadInputTests {
    static let times = ["2026-08-20T14:00", "2026-08-20T14:15", "2026-08-20T14:30"]
    static let city = ("Smoke", 48.8566, 2.3522, "nowcast")

    /// The reading and event lines of three polls of `scenario`.
    func polls(_ scenario: String) throws -> [[LogLine]] {
        let timeline = try OnceTimeline(scenario: scenario, cities: [Self.city])
        defer { timeline.stop() }
        return try Self.times.map(timeline.poll(at:))
    }

    func readings(_ polls: [[LogLine]]) -> [LogLine] {
        polls.compactMap { $0.first { $0.isEvent("reading", city: "Smoke") } }
    }

    func events(_ polls: [[LogLine]]) -> [LogLine] {
        polls.flatMap { $0 }.filter { ["firing", "resolved", "escalated"].contains($0.field("BREEZE_EVENT")) }
    }

    @Test(arguments: [
        ("smoke-onset-missing-hours.json", "hourly rows missing for 3 hours of the 24 the current AQI reads, from 2026-08-20T11:00"),
        ("smoke-onset-wrong-length.json", "pm2_5 has "),
    ])
    func unusableHoursFallBackWithoutFiring(scenario: String, problem: String) throws {
        let polls = try polls(scenario)
        let readings = readings(polls)
        #expect(readings.count == Self.times.count)
        for reading in readings {
            #expect(reading.field("BREEZE_AQI_SOURCE") == "open-meteo")
            #expect(reading.field("BREEZE_AQI") == reading.field("BREEZE_OPEN_METEO_AQI"))
            let fallback = reading.field("BREEZE_AQI_FALLBACK") ?? ""
            #expect(fallback.hasPrefix("hourly series unusable: " + problem), "\(fallback)")
            #expect(reading.text.hasPrefix("Smoke: "))
            #expect(reading.field("BREEZE_HOURLY_PROBLEMS")?.isEmpty == false)
            // Open-Meteo's 24-hour mean lags two hours into the smoke: below Unhealthy.
            #expect(try #require(Int(reading.field("BREEZE_AQI") ?? "")) < 151)
        }
        #expect(events(polls).isEmpty)
    }

    /// PM2.5 null from 09:00 to 12:00Z, 150 from 13:00Z: at 14:00Z 2 of its 3 newest hours are
    /// there, so NowCast skips the gap (EPA's rule) and rates the smoke; the record still names
    /// the nulls, and the alert fires as on the clean series.
    @Test func nullsOlderThanTheNewestHoursAreSkipped() throws {
        let polls = try polls("smoke-onset-nulls.json")
        let readings = readings(polls)
        #expect(readings.count == Self.times.count)
        for reading in readings {
            #expect(reading.field("BREEZE_AQI_SOURCE") == "nowcast")
            #expect(reading.field("BREEZE_AQI_FALLBACK") == nil)
            #expect(reading.field("BREEZE_LEFT_OUT") == nil)
            #expect(reading.field("BREEZE_DOMINANT_POLLUTANT") == "pm2_5")
            #expect(try #require(Int(reading.field("BREEZE_AQI") ?? "")) >= 151)
            #expect(reading.field("BREEZE_HOURLY_PROBLEMS")?.contains("pm2_5 null for 4 hours amid values, from 2026-08-20T09:00") == true)
        }
        #expect(events(polls).map { $0.field("BREEZE_EVENT") } == ["firing"])
    }

    /// A PM2.5 outage over the newest hours (13:00–15:00Z): 1 of its 3 newest hours, so PM2.5
    /// drops out; the AQI is NowCast's from the pollutants left (PM10 leads), and the record
    /// names the one left out and why, and the nulls.
    @Test func aPollutantWithTooFewHoursIsLeftOutAndNamed() throws {
        let readings = readings(try polls("smoke-onset-pm-outage.json"))
        #expect(readings.count == Self.times.count)
        let reason = "PM2.5 NowCast: 1 of the 3 newest hours present, 2 required"
        // The first poll asks for the forecast and sees the whole outage (13:00–15:00); the
        // next ones ask up to their current hour (14:00) only, and see its first 2 hours.
        for (index, reading) in readings.enumerated() {
            let hours = index == 0 ? 3 : 2
            #expect(reading.field("BREEZE_HOURLY_PROBLEMS")?.contains("pm2_5 null for \(hours) hours amid values, from 2026-08-20T13:00") == true)
        }
        for reading in readings {
            #expect(reading.field("BREEZE_AQI_SOURCE") == "nowcast")
            #expect(reading.field("BREEZE_AQI_FALLBACK") == nil)
            #expect(reading.field("BREEZE_DOMINANT_POLLUTANT") == "pm10")
            #expect(reading.field("BREEZE_PM2_5_NOWCAST") == nil)
            #expect(reading.field("BREEZE_PM10_NOWCAST") != nil)
            #expect(reading.field("BREEZE_LEFT_OUT") == reason)
            #expect(reading.text.contains("(left out: \(reason))"), "\(reading.text)")
            let aqi = try #require(Int(reading.field("BREEZE_AQI") ?? ""))
            #expect((101...150).contains(aqi), "PM10's NowCast alone: Unhealthy for Sensitive Groups")
        }
    }

    /// Firing on PM2.5 when its monitor goes quiet: the AQI of the rest (PM10, USG) is a lower
    /// bound at or below the clear level, so the alert holds rather than resolves, each poll
    /// saying why.
    @Test func aFiringAlertHoldsWhenAGapDropsTheDominantPollutant() throws {
        let timeline = try OnceTimeline(scenario: "smoke-onset.json", cities: [Self.city])
        defer { timeline.stop() }
        let before = try ["2026-08-20T13:00", "2026-08-20T13:15"].map(timeline.poll(at:))
        #expect(events(before).map { $0.field("BREEZE_EVENT") } == ["firing"])
        let outage = try String(contentsOf: Binaries.fixture("scenarios/smoke-onset-pm-outage.json"), encoding: .utf8)
        try timeline.server.control("scenario", outage)
        let after = try Self.times.map(timeline.poll(at:))
        #expect(events(after).isEmpty)
        let held = after.compactMap { $0.first { $0.isEvent("held", city: "Smoke") } }
        #expect(held.count == Self.times.count)
        for record in held {
            let error = record.field("BREEZE_ERROR") ?? ""
            #expect(error.hasPrefix("NowCast AQI ") && error.hasSuffix(
                " may understate the air, as it leaves out PM2.5 NowCast: 1 of the 3 newest hours present, 2 required"), "\(error)")
            #expect(record.text.hasPrefix("Smoke: alert held (NowCast AQI "))
        }
    }

    /// Rows out of order are placed by their own times: the NowCast is the clean series' own,
    /// and the record still says the rows came out of order.
    @Test func rowsOutOfOrderGiveTheCleanSeriesNowCast() throws {
        let hostile = readings(try polls("smoke-onset-out-of-order.json"))
        let clean = readings(try polls("smoke-onset.json"))
        #expect(hostile.count == Self.times.count)
        #expect(hostile.map { $0.field("BREEZE_AQI") } == clean.map { $0.field("BREEZE_AQI") })
        #expect(hostile.map { $0.field("BREEZE_PM2_5_NOWCAST") } == clean.map { $0.field("BREEZE_PM2_5_NOWCAST") })
        for reading in hostile {
            #expect(reading.field("BREEZE_AQI_SOURCE") == "nowcast")
            #expect(reading.field("BREEZE_HOURLY_PROBLEMS")?.contains("hourly times out of order") == true)
        }
        for reading in clean {
            #expect(reading.field("BREEZE_AQI_SOURCE") == "nowcast")
            #expect(reading.field("BREEZE_HOURLY_PROBLEMS") == nil)
            #expect(try #require(Int(reading.field("BREEZE_AQI") ?? "")) >= 151)
        }
    }

    /// Firing on NowCast when hourly rows go missing: Open-Meteo's lagging value does not
    /// resolve the alert; each poll says it held, and why.
    @Test func aFiringAlertHoldsWhenTheHoursBreak() throws {
        let timeline = try OnceTimeline(scenario: "smoke-onset.json", cities: [Self.city])
        defer { timeline.stop() }
        let before = try ["2026-08-20T13:00", "2026-08-20T13:15"].map(timeline.poll(at:))
        #expect(events(before).map { $0.field("BREEZE_EVENT") } == ["firing"])
        let missing = try String(contentsOf: Binaries.fixture("scenarios/smoke-onset-missing-hours.json"), encoding: .utf8)
        try timeline.server.control("scenario", missing)
        let after = try Self.times.map(timeline.poll(at:))
        #expect(events(after).isEmpty)
        let held = after.compactMap { $0.first { $0.isEvent("held", city: "Smoke") } }
        #expect(held.count == Self.times.count)
        for record in held {
            #expect(record.field("BREEZE_ERROR")?.hasPrefix("no NowCast this poll: hourly series unusable: hourly rows missing") == true)
        }
        for reading in readings(after) {
            #expect(reading.field("BREEZE_AQI_SOURCE") == "open-meteo")
            #expect(try #require(Int(reading.field("BREEZE_AQI") ?? "")) <= 151 - 1 - 10)
        }
    }
}
