import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import BreezeState
import BreezeSystem
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeDaemon

/// `breezed --once` cycles, one after another on one state directory (each a restart), against
/// the real fixture server, its clock and the daemon's moved together: the forecast is asked
/// for when a model run is out or the kept one is 6 hours old, and otherwise only the current
/// hour, the kept forecast read after it.
@Suite(.serialized)
struct ModelRunDaemonTests {
    final class Rig: Sendable {
        let folder = NSTemporaryDirectory() + "breeze-modelruns-\(UUID().uuidString)"
        let server: PythonServer
        let clock = FakeClock()
        let logger = MemoryLogger()

        init() throws {
            // 2026-08-20T14:00Z, the fake clock's start: the global 00Z run is out (10:15), 12Z not yet.
            server = try PythonServer(
                fixture: "open_meteo_server.py", arguments: Fixtures.openMeteoArguments(["--now", "2026-08-20T14:00"]))
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try """
                [Breeze]
                PollInterval=15min
                Jitter=0
                StateDirectory=\(folder)/state
                ApiURL=\(server.baseURL)
                StatusPageExtras=yes
                [Alert]
                ForecastThreshold=50
                ForecastAt=00:00
                ForecastDays=3
                [City "Paris"]
                Latitude=48.85
                Longitude=2.35
                [City "Tokyo"]
                Latitude=35.68
                Longitude=139.69

                """.write(toFile: folder + "/breezed.conf", atomically: true, encoding: .utf8)
        }

        /// The daemon's environment: Open-Meteo over libcurl, at the fixture, on the fake clock.
        func environment() -> DaemonEnvironment {
            let clock = self.clock
            return DaemonEnvironment(
                logger: logger, notifier: ServiceNotifier { _ in true },
                makeSource: { configuration in
                    OpenMeteoSource(settings: configuration.breeze, userAgent: "breeze-tests", clock: { clock.now() })
                },
                variables: [:], clock: { clock.now() }, random: { 0.5 }, version: "9.9-test")
        }

        func loaded() throws -> LoadedConfiguration {
            try ConfigurationLoader.load(path: folder + "/breezed.conf", environment: [:])
        }

        /// One `breezed --once` cycle at the fake clock's time.
        func cycle() throws -> CycleSummary {
            try Daemon.runOnce(loaded: loaded(), environment: environment())
        }

        /// The long-running daemon on the same configuration and state.
        func daemon() throws -> Daemon {
            try Daemon(configurationPath: folder + "/breezed.conf", loaded: loaded(), environment: environment())
        }

        /// Cycles completed, counted by Paris's reading records.
        var cycles: Int { logger.records.filter { $0.message.hasPrefix("Paris: AQI") }.count }

        /// Moves both clocks on.
        func advance(minutes: Int) throws {
            clock.advance(Double(minutes * 60))
            try server.control("clock", #"{"now": "\#(TimeText.rfc3339(clock.now().wall).prefix(16))"}"#)
        }

        /// Each poll's `forecast_hours` and its cities' count, oldest first, and the meta
        /// paths asked, since the log was last cleared.
        func asked() throws -> (polls: [String], meta: [String]) {
            let requests = try server.recordedRequests()
            let polls = requests.filter { ($0["path"] as? String) == "/v1/air-quality" }.compactMap { request -> String? in
                let form = request["form"] as? [String: [String]] ?? [:]
                guard let hours = form["forecast_hours"]?.first, let latitudes = form["latitude"]?.first else { return nil }
                return "\(hours):\(latitudes.split(separator: ",").count)"
            }
            let meta = requests.compactMap { $0["path"] as? String }.filter { $0.hasPrefix("/data/") }
            return (polls, meta)
        }


        func stop() {
            server.stop()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// The requests after `before` requests were logged.
    static func since(_ before: (polls: [String], meta: [String]), _ now: (polls: [String], meta: [String])) -> (polls: [String], meta: [String]) {
        (Array(now.polls.dropFirst(before.polls.count)), Array(now.meta.dropFirst(before.meta.count)))
    }

    @Test func theForecastIsAskedForWhenAModelRunIsOutOrItIsSixHoursOld() throws {
        let rig = try Rig()
        defer { rig.stop() }
        // A start without state: every city's forecast, both domains asked (Paris is in Europe).
        var summary = try rig.cycle()
        var log = try rig.asked()
        #expect(log.polls == ["120:2"])
        #expect(summary.forecastsAsked == 2)
        #expect(Set(log.meta) == ["/data/cams_global/static/meta.json", "/data/cams_europe/static/meta.json"])
        let runs = rig.logger.records.filter { $0.field("BREEZE_EVENT") == "model-run" }
        #expect(runs.map { "\($0.field("BREEZE_MODEL") ?? "") \($0.field("BREEZE_MODEL_RUN") ?? "")" }.contains("cams_global 2026-08-20T00:00:00Z"))
        #expect(FileManager.default.fileExists(atPath: rig.folder + "/state/forecast.json"))
        let firstOutlook = try #require(summary.forecasts["Paris"]?.outlook)

        // A restart 15 minutes later, no new run: the current hour only, the kept forecast read
        // after it (the forecast alerts' outlook is the same days, rated).
        try rig.advance(minutes: 15)
        var before = log
        summary = try rig.cycle()
        log = try rig.asked()
        #expect(Self.since(before, log).polls == ["1:2"])
        #expect(Self.since(before, log).meta.count == 2)
        #expect(summary.forecastsAsked == 0)
        #expect(rig.logger.records.contains { $0.message.hasPrefix("the forecast was asked for 0 of 2 cities,") })
        let kept = try #require(summary.forecasts["Paris"]?.outlook)
        #expect(kept.days.map(\.day) == firstOutlook.days.map(\.day))
        #expect(kept.days.allSatisfy { if case .rated = $0.outcome { true } else { false } })
        #expect(kept == firstOutlook)

        // The global 12Z run published now: not asked for until it has settled 10 minutes.
        try rig.server.control("model-runs", #"{"model": "cams_global", "publish": true}"#)
        before = log
        _ = try rig.cycle()
        log = try rig.asked()
        #expect(Self.since(before, log).polls == ["1:2"])
        try rig.advance(minutes: 11)
        before = log
        _ = try rig.cycle()
        log = try rig.asked()
        #expect(Self.since(before, log).polls == ["120:2"])
        #expect(rig.logger.records.filter { $0.field("BREEZE_EVENT") == "model-run" }.compactMap { $0.field("BREEZE_MODEL_RUN") }
            .contains("2026-08-20T12:00:00Z"))

        // The Europe run alone makes only Paris's forecast old. (Its next scheduled run, the
        // 00Z of tomorrow, would lie in the future: a run of today is published instead.)
        try rig.server.control("model-runs", #"{"model": "cams_europe", "run": "2026-08-20T12:00"}"#)
        try rig.advance(minutes: 11)
        before = log
        _ = try rig.cycle()
        log = try rig.asked()
        // The forecast group goes first.
        #expect(Self.since(before, log).polls == ["120:1", "1:1"])
    }

    /// The long-running daemon: the status page's forecast days come from the kept forecast
    /// in a cycle that asked only for the current hour, and after a restart.
    @Test func theStatusPageShowsTheKeptForecastAcrossARestart() async throws {
        let rig = try Rig()
        defer { rig.stop() }
        func pageDays(_ daemon: Daemon) -> [String] {
            daemon.web.publisher.flush()
            return daemon.web.publisher.current?.cities.first { $0.name == "Paris" }?.forecast.compactMap { $0.aqi == nil ? nil : $0.day } ?? []
        }
        func stop(_ daemon: Daemon) async {
            let exits = Locked<[Int32]>([])
            daemon.stop(reason: "test", grace: .seconds(30)) { code in exits.withLock { $0.append(code) } }
            #expect(await eventually { exits.withLock { $0 } == [0] })
        }
        let first = try rig.daemon()
        first.start()
        #expect(await eventually { rig.cycles == 1 && pageDays(first).count >= 5 })
        let days = pageDays(first)
        #expect(days.first == "2026-08-20")
        try rig.advance(minutes: 15)
        first.pollNow()
        #expect(await eventually { rig.cycles == 2 })
        #expect(try rig.asked().polls == ["120:2", "1:2"])
        #expect(await eventually { pageDays(first) == days })
        await stop(first)

        try rig.advance(minutes: 15)
        let second = try rig.daemon()
        second.start()
        #expect(await eventually { rig.cycles == 3 })
        #expect(try rig.asked().polls == ["120:2", "1:2", "1:2"])
        #expect(await eventually { pageDays(second) == days })
        await stop(second)
    }

    @Test func answersAboutRunsThatCannotBeBelievedFallBackToSixHours() throws {
        let rig = try Rig()
        defer { rig.stop() }
        _ = try rig.cycle()
        // Every answer about the global runs from now on lacks its run.
        try rig.server.control(
            "faults",
            #"{"faults": [{"path": "/data/cams_global/static/meta.json", "kind": "missing_field", "field": "last_run_initialisation_time", "count": -1}, {"path": "/data/cams_europe/static/meta.json", "kind": "future_run", "count": -1}]}"#)
        try rig.server.control("model-runs", #"{"model": "cams_global", "publish": true}"#)
        try rig.advance(minutes: 30)
        var before = try rig.asked()
        _ = try rig.cycle()
        var log = try rig.asked()
        #expect(Self.since(before, log).polls == ["1:2"])
        let doubts = rig.logger.records.filter { $0.message.contains("cannot tell when the model last ran") }
        #expect(Set(doubts.compactMap { $0.field("BREEZE_MODEL") }) == ["cams_global", "cams_europe"])
        let reasons = doubts.compactMap { $0.field("BREEZE_ERROR") }
        #expect(reasons.contains { $0.contains("'last_run_initialisation_time' is missing") })
        #expect(reasons.contains("its availability is in the future"))
        // 6 hours after the forecast was asked for, it is asked for again.
        try rig.advance(minutes: 5 * 60 + 29)
        before = log
        _ = try rig.cycle()
        log = try rig.asked()
        #expect(Self.since(before, log).polls == ["1:2"])
        try rig.advance(minutes: 1)
        before = log
        _ = try rig.cycle()
        log = try rig.asked()
        #expect(Self.since(before, log).polls == ["120:2"])
    }

    /// The rule itself: none kept, another place's, 6 hours old, a clock set back, a newer run
    /// of one of the city's domains (a European city: either).
    @Test func theRuleAsksForTheForecastOnlyWhenItCanHaveChanged() {
        let now = Instant(unixSeconds: 1_787_234_400)
        let paris = City(name: "Paris", latitude: 48.85, longitude: 2.35)
        let tokyo = City(name: "東京", latitude: 35.68, longitude: 139.69)
        let run = now - .seconds(4 * 3600)
        func kept(_ city: City, age hours: Double, runs: [String: Instant]) -> KeptForecast {
            var kept = KeptForecast(polledAt: now - .seconds(hours * 3600), runs: runs, firstHour: now, columns: [:], problems: [])
            kept.latitude = city.latitude
            kept.longitude = city.longitude
            return kept
        }
        let both = ["cams_global": run, "cams_europe": run]
        func asks(_ city: City, _ forecast: KeptForecast?, _ runs: [String: Instant] = both) -> Bool {
            ModelRunTracker.needsForecast(city, kept: forecast, runs: runs, now: now)
        }
        #expect(asks(paris, nil))
        #expect(!asks(paris, kept(paris, age: 1, runs: both)))
        #expect(asks(paris, kept(paris, age: 6, runs: both)))
        #expect(!asks(paris, kept(paris, age: 5.9, runs: both)))
        #expect(asks(paris, kept(paris, age: -1, runs: both)))
        var moved = kept(paris, age: 1, runs: both)
        moved.longitude = 2.36
        #expect(asks(paris, moved))
        let newerEurope = ["cams_global": run, "cams_europe": run + .seconds(3600)]
        #expect(asks(paris, kept(paris, age: 1, runs: both), newerEurope))
        #expect(!asks(tokyo, kept(tokyo, age: 1, runs: ["cams_global": run]), newerEurope))
        #expect(asks(tokyo, kept(tokyo, age: 1, runs: ["cams_global": run - .seconds(1)]), newerEurope))
        // No run known yet (the source cannot tell): by age alone.
        #expect(!asks(tokyo, kept(tokyo, age: 1, runs: [:]), [:]))
        #expect(ModelRunTracker.runs(of: tokyo, in: both) == ["cams_global": run])
    }

    @Test func aFailedAnswerAsksForTheForecastAgainNextCycle() throws {
        let rig = try Rig()
        defer { rig.stop() }
        try rig.server.control("faults", #"{"faults": [{"path": "/v1/air-quality", "kind": "status", "status": 400, "count": 1}]}"#)
        let failed = try rig.cycle()
        #expect(failed.citiesFailed == 2)
        try rig.advance(minutes: 15)
        let before = try rig.asked()
        _ = try rig.cycle()
        #expect(Self.since(before, try rig.asked()).polls == ["120:2"])
    }
}
