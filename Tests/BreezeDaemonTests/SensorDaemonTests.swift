import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeSensors
import BreezeState
import BreezeSystem
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeDaemon

/// The whole `Daemon` with a PurpleAir on loopback (Tests/Fixtures/sensor_server.py answering
/// its firmware 7.04 capture with the PM values a test sets): the sensor's wake-ups on a clock
/// the test moves, two minutes at a time, so hours fill from real requests in no real time.
/// Open-Meteo (a held source) says Good throughout.
@Suite(.serialized) struct SensorDaemonTests {
    /// 2026-08-20 14:00:00 UTC.
    static let start = Instant(unixSeconds: 1_787_234_400)

    final class Rig: Sendable {
        let daemonRig = DaemonRig()
        let server: SensorServer
        let sensorClock = ManualWakeUpClock(SensorDaemonTests.start)
        let path = "/backyard/json"

        init() throws {
            server = try SensorServer()
            daemonRig.source.aqi.withLock { $0 = 40 }
        }

        func configuration(placement: String = "outdoor", staleAfter: String = "2h") -> String {
            daemonRig.configuration() + """
                [Sensor "backyard"]
                Kind=purpleair
                URL=\(server.url(path))
                City=Paris
                Placement=\(placement)
                StaleAfter=\(staleAfter)

                """
        }

        /// A daemon on the sensor clock (also its wall clock), its sensor asked over libcurl.
        func daemon(_ text: String) throws -> Daemon {
            try daemonRig.write(text)
            let loaded = try ConfigurationLoader.load(path: daemonRig.path, environment: [:])
            let (source, receiver, clock, notified) = (daemonRig.source, daemonRig.receiver, sensorClock, daemonRig.notified)
            var environment = DaemonEnvironment(
                logger: daemonRig.logger,
                notifier: ServiceNotifier { message in
                    notified.withLock { $0.append(message) }
                    return true
                },
                makeSource: { _ in source }, makeReceivers: { _ in [receiver] }, variables: [:],
                clock: { ClockReading(monotonic: clock.now.unixSeconds - SensorDaemonTests.start.unixSeconds + 1000, wall: clock.now) },
                random: { 0.5 }, version: "9.9-test",
                sensorClient: SensorClient(
                    transport: CurlTransport(options: SensorClient.transportOptions(userAgent: "breeze-test")),
                    clock: { ClockReading(monotonic: clock.now.unixSeconds, wall: clock.now) }))
            environment.sensorWakeUps = sensorClock
            return try Daemon(configurationPath: daemonRig.path, loaded: loaded, environment: environment)
        }

        /// Sets the sensor's channels A and B (CF=1 and ATM alike) to `pm` µg/m³.
        func answer(pm: Double) throws {
            var body = try String(contentsOf: Fixtures.path("sensors/purpleair-dual-7.04.json"), encoding: .utf8)
            for key in ["pm2_5_cf_1_b", "pm2_5_atm_b", "pm2_5_cf_1", "pm2_5_atm"] {
                body = body.replacingOccurrences(
                    of: "\"\(key)\":[0-9.]+", with: "\"\(key)\":\(pm)", options: .regularExpression)
            }
            try server.set(path, body: body)
        }

        /// Lets the sensor service ask `rounds` more times, two minutes apart on its clock,
        /// each round done (its next wake-up armed) before the clock moves on.
        func advance(rounds: Int) async -> Bool {
            for _ in 0..<rounds {
                guard await eventually({ self.sensorClock.nextWakeUp != nil }) else { return false }
                sensorClock.advanceToNextWakeUp()
            }
            return await eventually { self.sensorClock.nextWakeUp != nil }
        }

        func firstCycleDone() async -> Bool {
            await eventually { self.daemonRig.notified.withLock { $0.contains { $0.contains("alerting") } } }
        }

        func stop(_ daemon: Daemon) async -> Bool {
            daemonRig.stop(daemon)
            return await eventually { self.daemonRig.exits.withLock { $0 } == [0] }
        }

        func message(containing text: String) -> String? {
            daemonRig.logger.messages.first { $0.contains(text) }
        }
    }

    @Test func smokeOnTheSensorFiresWhileTheModelSaysGood() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        try rig.answer(pm: 5)
        let daemon = try rig.daemon(rig.configuration())
        daemon.start()
        #expect(await rig.firstCycleDone())
        // Two clean hours (14:00–16:00), then smoke from 16:00 to 17:02.
        #expect(await rig.advance(rounds: 59))
        try rig.answer(pm: 150)
        #expect(await rig.advance(rounds: 31))
        #expect(rig.sensorClock.now >= Self.start + .seconds(3 * 3600))
        daemon.pollNow()
        #expect(await eventually { rig.message(containing: "Air quality in Paris: AQI") != nil })
        let firing = rig.message(containing: "Air quality in Paris: AQI") ?? ""
        // EPA's correction at the capture's 39 % RH: 150 → 0.786·150 − 0.0862·39 + 5.75 =
        // 120.29; 5 → 0.524·5 − 0.0862·39 + 5.75 = 5.01. NowCast of the hours 16:00, 15:00,
        // 14:00: w = 0.5, (120.29 + 0.5·5.01 + 0.25·5.01) / 1.75 = 70.88, truncated 70.8
        // µg/m³: AQI 151 + 49/69.9·15.3 = 161.7, 162.
        #expect(firing.contains("AQI 162"))
        let reading = rig.daemonRig.logger.messages.last { $0.hasPrefix("Paris: AQI 162") } ?? ""
        #expect(reading.contains("NowCast of sensor backyard; model Open-Meteo 40"))
        #expect(reading.contains("backyard (outdoor) 120.3 µg/m³ valid, NowCast AQI 162"))
        #expect(await rig.stop(daemon))
    }

    @Test func aSilentSensorGoesStaleOnceAndComesBack() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        try rig.answer(pm: 5)
        let daemon = try rig.daemon(rig.configuration(staleAfter: "10min"))
        daemon.start()
        #expect(await rig.firstCycleDone())
        #expect(await rig.advance(rounds: 2))
        try rig.server.set(rig.path, body: "busy", status: 503, contentType: "text/plain")
        #expect(await rig.advance(rounds: 6))
        daemon.pollNow()
        #expect(await eventually { rig.message(containing: "The backyard sensor in Paris") != nil })
        let stale = rig.message(containing: "The backyard sensor in Paris") ?? ""
        #expect(stale.contains("alerts use the model until it is back"))
        // Still down: no second event.
        #expect(await rig.advance(rounds: 3))
        daemon.pollNow()
        #expect(await eventually { rig.daemonRig.source.calls.withLock { $0 } >= 3 })
        try rig.answer(pm: 5)
        #expect(await rig.advance(rounds: 1))
        daemon.pollNow()
        #expect(await eventually { rig.message(containing: "answers again") != nil })
        #expect(rig.daemonRig.logger.messages.filter { $0.contains("The backyard sensor in Paris has") }.count == 1)
        #expect(await rig.stop(daemon))
    }

    @Test func aRestartKeepsTheSensorsHours() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        try rig.answer(pm: 150)
        let first = try rig.daemon(rig.configuration())
        first.start()
        #expect(await rig.firstCycleDone())
        // 14:00–16:02: two smoky hours.
        #expect(await rig.advance(rounds: 61))
        #expect(await rig.stop(first))
        #expect(FileManager.default.fileExists(atPath: rig.daemonRig.state + "/sensors.json"))
        // The sensor is gone after the restart: only the saved hours can rate the city.
        try rig.server.set(rig.path, body: "busy", status: 503, contentType: "text/plain")
        let second = try rig.daemon(rig.configuration())
        second.start()
        #expect(await rig.advance(rounds: 0))
        second.pollNow()
        #expect(await eventually { rig.message(containing: "Air quality in Paris: AQI") != nil })
        #expect(await rig.stop(second))
    }
}
