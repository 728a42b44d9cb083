import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeSystem
import BreezeState
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeDaemon
import BreezeTestSupport

/// `Audience=sensitive` receivers: a second machine per city at `SensitiveThreshold=` where
/// one is needed, its events to those receivers alone, its state kept back with the rest.
struct SensitiveAudienceTests {
    static let text = """
        [Alert]
        Threshold=unhealthy
        [Email "family"]
        To=family@example.com
        Audience=sensitive
        [Webhook "ops"]
        URL=https://hooks.example.com/a
        Format=slack
        [Webhook "am"]
        URL=https://am.example.com
        Format=alertmanager
        Audience=sensitive
        [Webhook "away"]
        URL=https://away.example.com
        Audience=sensitive
        Enabled=no
        [City "Paris"]
        Latitude=48.85
        Longitude=2.35
        [City "Tokyo"]
        Latitude=35.68
        Longitude=139.65
        Notify=ops
        [City "Lima"]
        Latitude=-12.05
        Longitude=-77.04
        SensitiveThreshold=unhealthy
        [City "Oslo"]
        Latitude=59.91
        Longitude=10.75
        Notify=ops away
        """

    static func plan(_ text: String = text) throws -> DaemonPlan {
        let configuration = try ConfigurationLoader.load(text: text).configuration
        let receivers: [any Receiver] = [
            NamedReceiver(name: "family"), NamedReceiver(name: "ops"),
            NamedReceiver(name: "am", refreshesWhileFiring: true), NamedReceiver(name: "away"),
        ]
        return DaemonPlan(configuration: configuration, source: ScriptedSource(), receivers: receivers)
    }

    func event(_ city: String, audience: Audience?) -> AlertEvent {
        var event = AlertEvent(
            id: "\(city.lowercased())-1000-1-firing", kind: .firing, city: City(name: city, latitude: 0, longitude: 0),
            aqi: 120, band: .unhealthyForSensitiveGroups, previousBand: nil, dominantPollutant: .pm2_5,
            concentrations: [:], pollutantsOverLimit: [], observedAt: "t", createdAt: Instant(unixSeconds: 1000))
        event.audience = audience
        return event
    }

    @Test func onlyACityBelowThresholdWithAnEnabledSensitiveReceiverGetsASecondMachine() throws {
        let plan = try Self.plan()
        let rules = Dictionary(uniqueKeysWithValues: plan.cities.map { ($0.city.name, $0.sensitiveRule) })
        let paris = try #require(rules["Paris"] ?? nil)
        #expect(paris.threshold == 101 && paris.audience == .sensitive)
        #expect(paris.hysteresis == plan.cities[0].rule.hysteresis && paris.confirmAfter == plan.cities[0].rule.confirmAfter)
        #expect(plan.cities[0].rule.threshold == 151 && plan.cities[0].rule.audience == nil)
        // Tokyo: only a general receiver. Lima: its thresholds are equal. Oslo: its sensitive
        // receiver is disabled.
        for city in ["Tokyo", "Lima", "Oslo"] { #expect(rules[city] == .some(nil), "\(city)") }
        #expect(plan.routing.audiences.sensitiveReceivers == ["family", "am"])
        // A SensitiveThreshold= above Threshold= is Threshold=: the general alerts are theirs.
        let above = try ConfigurationLoader.load(text: "[Alert]\nThreshold=100\nSensitiveThreshold=unhealthy\n").configuration
        #expect(AudienceRouting.sensitiveRule(above.alertDefaults) == nil)
    }

    @Test func sensitiveEventsGoToSensitiveReceiversGeneralOnesToTheRest() throws {
        let routing = try Self.plan().routing
        let requests = routing.requests(
            events: [
                event("Paris", audience: .sensitive), event("Paris", audience: nil), event("Tokyo", audience: nil),
                event("Lima", audience: nil),
            ],
            state: DaemonState(), now: Instant(unixSeconds: 2000))
        #expect(requests.map { "\($0.event.city.name)/\($0.event.audience?.rawValue ?? "-") → \($0.receiver)" } == [
            "Paris/sensitive → family", "Paris/sensitive → am", "Paris/- → ops", "Tokyo/- → ops",
            // Lima has no sensitive machine: its general alerts go to every receiver.
            "Lima/- → family", "Lima/- → ops", "Lima/- → am",
        ])
    }

    @Test func forecastsGoToEveryReceiverWhateverItsAudience() throws {
        var forecast = event("Paris", audience: nil)
        forecast.kind = .forecast
        var pollen = event("Paris", audience: nil)
        pollen.subject = .pollen
        let requests = try Self.plan().routing.requests(events: [forecast, pollen], state: DaemonState(), now: Instant(unixSeconds: 2000))
        #expect(requests.map(\.receiver) == ["family", "ops", "am", "family", "ops", "am"])
    }

    @Test func alertmanagerRefreshesEachMachineItHears() throws {
        let routing = try Self.plan().routing
        var state = DaemonState()
        for name in ["Paris", "Lima"] {
            var record = CityRecord(city: City(name: name, latitude: 0, longitude: 0))
            record.alert.firing = true
            record.alert.episodeStartedAt = Instant(unixSeconds: 500)
            record.alert.notifiedBand = .unhealthy
            record.sensitiveAlert = record.alert
            record.sensitiveAlert?.episodeStartedAt = Instant(unixSeconds: 400)
            state.cities[name] = record
        }
        let requests = routing.requests(events: [], state: state, now: Instant(unixSeconds: 2000))
        let (paris, lima) = (EventIdentifier.city("Paris"), EventIdentifier.city("Lima"))
        #expect(requests.allSatisfy { $0.isRefresh })
        #expect(requests.map { "\($0.event.id) → \($0.receiver)" } == [
            "\(paris)-sensitive-400-refresh-2000 → am",
            // Lima's general alert is am's (no sensitive machine there); Paris's is not.
            "\(lima)-500-refresh-2000 → am",
        ])
        #expect(requests.first?.event.audience == .sensitive)
        // A sensitive event this cycle is that machine's refresh; the general one still goes.
        let again = routing.requests(events: [event("Lima", audience: .sensitive)], state: state, now: Instant(unixSeconds: 2000))
        #expect(again.filter(\.isRefresh).map(\.event.id) == ["\(paris)-sensitive-400-refresh-2000", "\(lima)-500-refresh-2000"])
    }

    @Test func theSecondMachineFiresFirstEscalatesResolvesAndIsDroppedWhenNoLongerNeeded() throws {
        let plan = try Self.plan()
        var paris = try #require(plan.cities.first)
        paris.aqiSource = .openMeteo
        let source = ScriptedSource()
        let logger = MemoryLogger()
        var state = DaemonState()
        var now = 1_787_234_400.0
        func cycle(_ aqi: Int, _ city: WatchedCity) -> CycleSummary {
            now += 900
            source.answers.withLock { $0 = ["Paris": aqi] }
            return PollCycle.run(
                cities: [city], state: &state, source: source, logger: logger, now: Instant(unixSeconds: now),
                deadline: Deadline(monotonic: 0))
        }
        _ = cycle(40, paris)
        #expect(state.cities["Paris"]?.sensitiveAlert?.firing == false)
        // ConfirmAfter=2 (the default): two readings in USG fire the sensitive machine alone.
        _ = cycle(120, paris)
        var summary = cycle(120, paris)
        let firing = try #require(summary.events.first)
        #expect(summary.events.count == 1)
        #expect(firing.audience == .sensitive && firing.kind == .firing && firing.band == .unhealthyForSensitiveGroups)
        let episode = try #require(state.cities["Paris"]?.sensitiveAlert?.episodeStartedAt)
        let seconds = Int64(episode.unixSeconds)
        #expect(firing.id == "\(EventIdentifier.city("Paris"))-sensitive-\(seconds)-1-firing")
        #expect(firing.thread == EventIdentifier.thread(city: "Paris", episode: episode, part: "sensitive"))
        let before = try #require(summary.sensitiveAlertsBefore["Paris"] ?? nil)
        #expect(!before.firing && before.breachStreak == 1)
        #expect(state.cities["Paris"]?.alert.firing == false)
        // Unhealthy: the general machine fires (its ids unchanged), the sensitive one escalates.
        _ = cycle(170, paris)
        summary = cycle(170, paris)
        #expect(summary.events.map(\.kind) == [.firing, .escalated])
        #expect(summary.events.map(\.audience) == [nil, .sensitive])
        #expect(summary.events[0].id.hasPrefix("paris-") && !summary.events[0].id.contains("sensitive"))
        #expect(summary.events[1].id == "\(EventIdentifier.city("Paris"))-sensitive-\(seconds)-2-escalated")
        // A reload that drops the need drops the state.
        var general = paris
        general.sensitiveRule = nil
        _ = cycle(170, general)
        #expect(state.cities["Paris"]?.sensitiveAlert == nil)
        #expect(state.cities["Paris"]?.alert.firing == true)
    }

    @Test func aSensitiveEventThatCannotBeWrittenPutsItsStateBack() throws {
        let folder = NSTemporaryDirectory() + "breeze-sensitive-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A file where the outbox folder should be: no entry can be written.
        #expect(FileManager.default.createFile(atPath: folder + "/outbox", contents: Data()))
        let text = "[Alert]\nThreshold=unhealthy\nConfirmAfter=1\n[Email \"family\"]\nTo=f@example.com\nAudience=sensitive\n"
            + "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\nAQISource=open-meteo\n"
        let plan = try Self.plan(text)
        let worker = DeliveryWorker(
            outbox: Outbox(stateDirectory: folder), targets: plan.routing.targets, quietHours: { _, _, _ in nil },
            clock: { Instant(unixSeconds: 0) }, random: { 0 }, report: { _ in })
        defer { worker.stop() }
        let source = ScriptedSource()
        source.answers.withLock { $0 = ["Paris": 120] }
        let logger = MemoryLogger()
        var state = DaemonState()
        var summary = PollCycle.run(
            cities: plan.cities, state: &state, source: source, logger: logger, now: Instant(unixSeconds: 1000),
            deadline: Deadline(monotonic: 0))
        #expect(summary.events.map(\.audience) == [.sensitive])
        #expect(state.cities["Paris"]?.sensitiveAlert?.firing == true)
        OutboxHandOff.run(
            &summary, state: &state, routing: plan.routing, delivery: worker, logger: logger, failures: FailureLatch(),
            now: Instant(unixSeconds: 1000))
        #expect(summary.events.isEmpty)
        // Put back as it was: a new machine, so none at all; the next cycle raises it again.
        #expect(state.cities["Paris"]?.sensitiveAlert == nil)
        #expect(!logger.records.contains { $0.fields.contains { $0.name == "BREEZE_AUDIENCE" } })
    }

    @Test func theJournalRecordOfASensitiveEventSaysSo() {
        let record = DaemonRecords.alert(event("Paris", audience: .sensitive))
        #expect(record.fields.contains { $0 == ("BREEZE_AUDIENCE", "sensitive") })
        #expect(record.message.hasSuffix("(the SensitiveThreshold= alert, for people at risk)"))
        #expect(!DaemonRecords.alert(event("Paris", audience: nil)).fields.contains { $0.name == "BREEZE_AUDIENCE" })
    }
}
