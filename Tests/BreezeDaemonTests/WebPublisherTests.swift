import BreezeModel
import BreezeState
import BreezeVocabulary
import BreezeWeb
import Foundation
import BreezeTestSupport
import Testing

@testable import BreezeDaemon

/// What the daemon publishes for the pages: the cities in configured order with unique slugs,
/// the state, the receivers by name, and a fresh snapshot after each cycle and reload.
struct WebPublisherTests {
    @Test func citiesKeepTheConfiguredOrderAndGetUniqueSlugs() {
        var state = DaemonState()
        state.cities["東京"] = CityRecord(city: City(name: "東京", latitude: 35.68, longitude: 139.65))
        let cities = WebPublisher.cities(["Zürich", "東京", "Paris", "Paris"], state: state)
        #expect(cities.map(\.name) == ["Zürich", "東京", "Paris", "Paris"])
        #expect(cities[0].slug == Slug.of("Zürich"))
        #expect(cities[1].slug.hasPrefix("city-"))
        #expect(cities[2].slug == Slug.of("Paris"))
        #expect(cities[3].slug == Slug.of("Paris") + "-2", "a second city of the same slug is told apart")
        #expect(Set(cities.map(\.slug)).count == 4)
        #expect(cities[1].record != nil && cities[0].record == nil)
    }

    @Test func theDaemonPublishesAtTheStartAfterACycleAndAfterAReload() async throws {
        let rig = DaemonRig()
        let daemon = try rig.makeDaemon()
        daemon.start()
        #expect(await eventually { rig.logger.index(of: "Paris: AQI 180") != nil })
        #expect(
            await eventually {
                daemon.web.publisher.flush()
                return daemon.web.publisher.current?.cities.first?.record?.lastPollAt != nil
            })
        let snapshot = try #require(daemon.web.publisher.current)
        #expect(snapshot.version == "9.9-test")
        #expect(snapshot.cities.map(\.name) == ["Paris"])
        #expect(snapshot.receivers == ["ops"])
        #expect(snapshot.pollInterval == .seconds(900))
        #expect(snapshot.nextPollAt != nil)
        #expect(snapshot.deliveries != nil)

        try rig.write(rig.configuration(cities: ["Paris", "Tokyo"]))
        daemon.reload()
        #expect(
            await eventually {
                daemon.web.publisher.flush()
                return daemon.web.publisher.current?.cities.map(\.name) == ["Paris", "Tokyo"]
            })
        rig.stop(daemon)
        #expect(await eventually { rig.exits.withLock { $0 } == [0] })
    }
}
