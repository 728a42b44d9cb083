import BreezeAlerts
import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import BreezeSystem
import BreezeVocabulary
import Foundation
import Synchronization
import BreezeTestSupport
import Testing

@testable import BreezeDaemon

/// Extras that note, at their first call, whether the cycle before them was complete: its
/// state saved and its completion handed to systemd (a `STATUS=` naming the next poll).
final class OrderProbeExtras: ExtrasSource {
    let inner = CountingExtras()
    let seenAtFirstCall = Mutex<(stateSaved: Bool, statusSent: Bool)?>(nil)
    let statePath: String
    let notified: Locked<[String]>

    init(statePath: String, notified: Locked<[String]>) {
        self.statePath = statePath
        self.notified = notified
    }

    func pollenAndUV(for cities: [City], deadline: Deadline) -> [Result<PollenReading, SourceFailure>] {
        let saved = FileManager.default.fileExists(atPath: statePath)
        // READY=1 names the first poll too: the completed cycle's status is the next STATUS= alone.
        let sent = notified.withLock { $0.contains { $0.hasPrefix("STATUS=") && $0.contains("next poll") } }
        seenAtFirstCall.withLock { if $0 == nil { $0 = (saved, sent) } }
        return inner.pollenAndUV(for: cities, deadline: deadline)
    }

    func climateTrend(for city: City, day: LocalDay, deadline: Deadline) -> Result<[ClimateTrendPoint], SourceFailure> {
        inner.climateTrend(for: city, day: day, deadline: deadline)
    }
}

/// `StatusPageExtras=` left at `auto` with the page configured (`[Web] Listen=` on a loopback
/// port), and `no` with the page still served: what the pages are handed, what is fetched, and
/// that no extras request comes before the cycle it follows is complete.
struct DaemonExtrasDefaultTests {
    func makeDaemon(_ rig: DaemonRig, extras: OrderProbeExtras, key: String) throws -> Daemon {
        let port = try DaemonWebListenerTests.freePort()
        try rig.write(
            rig.configuration().replacingOccurrences(of: "[Alert]", with: key + "[Alert]")
                .replacingOccurrences(of: "[Web]\nListen=\n", with: "[Web]\nListen=127.0.0.1:\(port)\n"))
        let loaded = try ConfigurationLoader.load(path: rig.path, environment: [:])
        let (clock, notified) = (rig.clock, rig.notified)
        let environment = DaemonEnvironment(
            logger: rig.logger,
            notifier: ServiceNotifier { message in
                notified.withLock { $0.append(message) }
                return true
            },
            makeSource: { _ in SeriesSource() },
            makeExtrasSource: { configuration in configuration.breeze.statusPageExtras ? extras : nil },
            variables: [:], clock: { clock.now() }, version: "9.9-test")
        return try Daemon(configurationPath: rig.path, loaded: loaded, environment: environment)
    }

    @Test func byDefaultTheConfiguredPageGetsEveryExtraAfterTheFirstCycle() async throws {
        let rig = DaemonRig()
        let extras = OrderProbeExtras(statePath: rig.state + "/state.json", notified: rig.notified)
        let daemon = try makeDaemon(rig, extras: extras, key: "")
        daemon.start()
        #expect(await eventually { rig.logger.index(of: "status page extras: pollen and UV for 1 city, climate trend for 1") != nil })
        #expect(await eventually {
            daemon.web.publisher.flush()
            return daemon.web.publisher.current?.cities.first?.climate != nil
        })
        let paris = try #require(daemon.web.publisher.current?.cities.first)
        #expect(paris.history.count == 48 && paris.pollen == [.birch: 30])
        let seen = try #require(extras.seenAtFirstCall.withLock { $0 })
        #expect(seen.stateSaved, "the pollen request came before the first cycle's state was saved")
        #expect(seen.statusSent, "the pollen request came before the first cycle was complete")
        #expect(rig.logger.index(of: "Paris: AQI")! < rig.logger.index(of: "status page extras:")!)
        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }

    /// `no` keeps the calls off; the history and forecast, from the poll's own answer, are
    /// still on the served page.
    @Test func noFetchesNothingButThePageKeepsTheFreeHistoryAndForecast() async throws {
        let rig = DaemonRig()
        let extras = OrderProbeExtras(statePath: rig.state + "/state.json", notified: rig.notified)
        let daemon = try makeDaemon(rig, extras: extras, key: "StatusPageExtras=no\n")
        daemon.start()
        #expect(await eventually { rig.logger.index(of: "Paris: AQI") != nil })
        daemon.pollNow()
        #expect(await eventually { rig.logger.messages.filter { $0.hasPrefix("Paris: AQI") }.count == 2 })
        #expect(await eventually {
            daemon.web.publisher.flush()
            return daemon.web.publisher.current?.cities.first?.history.count == 48
        })
        let paris = try #require(daemon.web.publisher.current?.cities.first)
        #expect(paris.forecast.first?.day == "2026-08-20")
        #expect(paris.pollen == nil && paris.uvIndex == nil && paris.climate == nil)
        #expect(extras.inner.pollenCalls.withLock { $0 } == 0 && extras.inner.climateCalls.withLock { $0 } == 0)
        #expect(rig.logger.index(of: "status page extras:") == nil)
        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }
}
