import BreezeAlerts
import BreezeConfig
import BreezeDaemon
import BreezeModel
import BreezeOpenMeteo
import BreezeState
import BreezeSystem
import BreezeVocabulary
import Testing
import BreezeTestSupport

/// `LogReadings=`: which reading records a cycle logs, city by city.
struct ReadingLogFilterTests {
    static func headline(
        aqi: Int?, pm25: Double = 10, subIndices: [Pollutant: Int]? = nil, dropped: [String] = [], problems: [String] = []
    ) -> ReadingHeadline {
        let reading = Reading(
            time: "2026-08-20T14:00", usAQI: aqi, concentrations: [.pm2_5: pm25],
            subIndices: subIndices ?? aqi.map { [.pm2_5: $0] } ?? [:], droppedValues: dropped)
        return ReadingHeadline(
            reading, alerting: AlertingAQI(configured: .openMeteo, reading: reading, hourly: nil), hourlyProblems: problems)
    }

    @Test func theHeadlineIsWhatAPersonReads() {
        let base = Self.headline(aqi: 60)
        // The concentrations and the wording of a note move without the headline moving.
        #expect(Self.headline(aqi: 60, pm25: 17.3) == base)
        #expect(Self.headline(aqi: 60, problems: ["3 hours missing"]) == Self.headline(aqi: 60, problems: ["4 hours missing"]))
        #expect(Self.headline(aqi: 60, dropped: ["pm10: 1e300"]) == Self.headline(aqi: 60, dropped: ["ozone: -4"]))
        // The AQI, its band, the dominant pollutant and a note appearing each move it.
        #expect(Self.headline(aqi: 61) != base)
        #expect(Self.headline(aqi: 60).band == .moderate)
        #expect(Self.headline(aqi: 160).band != base.band)
        #expect(Self.headline(aqi: 60, subIndices: [.pm2_5: 40, .o3: 60]).dominantPollutant == .o3)
        #expect(Self.headline(aqi: 60, subIndices: [.pm2_5: 40, .o3: 60]) != base)
        #expect(Self.headline(aqi: 60, problems: ["3 hours missing"]) != base)
        #expect(Self.headline(aqi: 60, dropped: ["pm10: 1e300"]) != base)
        #expect(ReadingHeadline(.noValues) != base)
        #expect(ReadingHeadline(.failed) != ReadingHeadline(.noValues))
    }

    @Test func allLogsEveryReadingAndNoneNone() {
        let all = ReadingLogFilter(.all)
        let none = ReadingLogFilter(.none)
        for _ in 0..<3 {
            #expect(all.logs(Self.headline(aqi: 60), city: "Paris"))
            #expect(!none.logs(Self.headline(aqi: 60), city: "Paris"))
            #expect(!none.logs(ReadingHeadline(.noValues), city: "Paris"))
        }
        #expect(ReadingLogFilter().setting == .all)
    }

    @Test func changesLogsTheFirstReadingAndEachChangeAfterIt() {
        let filter = ReadingLogFilter(.changes)
        #expect(filter.logs(Self.headline(aqi: 60), city: "Paris"))
        #expect(filter.logs(Self.headline(aqi: 60), city: "Tokyo"), "each city has its own first reading")
        #expect(!filter.logs(Self.headline(aqi: 60, pm25: 12), city: "Paris"))
        #expect(filter.logs(Self.headline(aqi: 62), city: "Paris"))
        #expect(!filter.logs(Self.headline(aqi: 62), city: "Paris"))
        // Back to a headline logged before, but not the last one: logged.
        #expect(filter.logs(Self.headline(aqi: 60), city: "Paris"))
        // Hourly-series problems appearing, then going away.
        #expect(filter.logs(Self.headline(aqi: 60, problems: ["out of order"]), city: "Paris"))
        #expect(!filter.logs(Self.headline(aqi: 60, problems: ["missing"]), city: "Paris"))
        #expect(filter.logs(Self.headline(aqi: 60), city: "Paris"))
        // Only nulls: once, then the data coming back.
        #expect(filter.logs(ReadingHeadline(.noValues), city: "Paris"))
        #expect(!filter.logs(ReadingHeadline(.noValues), city: "Paris"))
        #expect(filter.logs(Self.headline(aqi: 60), city: "Paris"))
        #expect(!filter.logs(Self.headline(aqi: 60), city: "Tokyo"))
    }

    @Test func aRecoveryAfterAFailureIsLoggedUnderChanges() {
        let filter = ReadingLogFilter(.changes)
        #expect(filter.logs(Self.headline(aqi: 60), city: "Paris"))
        filter.failed(city: "Paris")
        #expect(filter.logs(Self.headline(aqi: 60), city: "Paris"), "the same reading after a failure is the recovery")
        #expect(!filter.logs(Self.headline(aqi: 60), city: "Paris"))
        // A city whose first answer failed logs its first reading.
        filter.failed(city: "Lima")
        #expect(filter.logs(Self.headline(aqi: 60), city: "Lima"))
        // Under all and none a failure changes nothing.
        let none = ReadingLogFilter(.none)
        none.failed(city: "Paris")
        #expect(!none.logs(Self.headline(aqi: 60), city: "Paris"))
    }

    /// The cycle itself over five polls: the reading records per mode, while the failure
    /// records and the alert events stay whatever the mode.
    @Test(arguments: [(LogReadingsSetting.all, 8), (.changes, 5), (.none, 0)])
    func pollCyclesLogReadingsByTheSetting(setting: LogReadingsSetting, readings: Int) {
        let paris = WatchedCity(
            city: City(name: "Paris", latitude: 48.8566, longitude: 2.3522), rule: AlertRule(threshold: 101, confirmAfter: 1))
        let tokyo = WatchedCity(
            city: City(name: "Tokyo", latitude: 35.6762, longitude: 139.6503), rule: AlertRule(threshold: 101, confirmAfter: 1))
        let source = ScriptedSource()
        let logger = MemoryLogger()
        let filter = ReadingLogFilter(setting)
        var state = DaemonState()
        var events = 0
        // Cycle by cycle: both new (2); the same again (0); Paris over the threshold (1); the
        // request fails (0 readings, one failure record); the same as before the failure (2).
        let answers: [[String: Int?]?] = [["Paris": 60, "Tokyo": 40], ["Paris": 60, "Tokyo": 40], ["Paris": 130, "Tokyo": 40], nil, ["Paris": 130, "Tokyo": 40]]
        for (cycle, answer) in answers.enumerated() {
            source.answers.withLock { $0 = answer ?? [:] }
            source.failure.withLock { $0 = answer == nil ? SourceFailure(message: "connection refused", permanent: false) : nil }
            events += PollCycle.run(
                cities: [paris, tokyo], state: &state, source: source, logger: logger,
                now: Instant(unixSeconds: Double(1000 + cycle * 900)), deadline: Deadline(monotonic: 0), readingLog: filter
            ).events.count
        }
        let kinds = logger.records.compactMap { $0.field("BREEZE_EVENT") }
        #expect(kinds.filter { $0 == "reading" }.count == readings)
        #expect(kinds.filter { $0 == "fetch-failed" }.count == 1)
        #expect(events == 1, "Paris fired once whatever is logged")
        #expect(state.cities["Paris"]?.alert.firing == true)
    }
}
