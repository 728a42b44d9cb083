import BreezeAlerts
import BreezeConfig
import BreezeDaemon
import BreezeDelivery
import BreezeModel
import BreezeOutboxValues
import BreezeSystem
import Testing
import BreezeState
import BreezeVocabulary

/// A receiver that is never called: routing only reads its name and needs.
struct NamedReceiver: Receiver {
    let name: String
    var delivery: DeliverySettings { DeliverySettings() }
    var refreshesWhileFiring = false
    func deliver(_ event: AlertEvent, at now: Instant) -> DeliveryOutcome { .delivered }
}

struct DeliveryRoutingTests {
    static let text = """
        [Webhook "ops"]
        URL=https://hooks.example.com/a
        RetryInitialDelay=2s
        [Webhook "am"]
        URL=https://am.example.com
        Format=alertmanager
        [Webhook "off"]
        URL=https://off.example.com
        Enabled=no
        [Email "family"]
        To=family@example.com
        [City "Paris"]
        Latitude=48.85
        Longitude=2.35
        [City "Tokyo"]
        Latitude=35.68
        Longitude=139.65
        Notify=family
        [City "Lima"]
        Latitude=-12.05
        Longitude=-77.04
        Notify=
        """

    func routing() throws -> DeliveryRouting {
        let configuration = try ConfigurationLoader.load(text: Self.text).configuration
        let receivers: [any Receiver] = [
            NamedReceiver(name: "ops"), NamedReceiver(name: "am", refreshesWhileFiring: true),
            NamedReceiver(name: "off"), NamedReceiver(name: "family"),
        ]
        return DeliveryRouting(configuration: configuration, receivers: receivers)
    }

    func alert(_ city: String, _ kind: AlertEventKind = .firing) -> AlertEvent {
        AlertEvent(
            id: "\(city.lowercased())-1000-1-\(kind.rawValue)", kind: kind,
            city: City(name: city, latitude: 0, longitude: 0), aqi: 170, band: .unhealthy, previousBand: nil,
            dominantPollutant: nil, concentrations: [:], pollutantsOverLimit: [], observedAt: "t", createdAt: Instant(unixSeconds: 1000))
    }

    @Test func notifyNeverSetMeansEveryEnabledReceiverAndEmptyMeansNone() throws {
        let routing = try routing()
        #expect(routing.receiversByCity["Paris"] == ["ops", "am", "family"])
        #expect(routing.receiversByCity["Tokyo"] == ["family"])
        #expect(routing.receiversByCity["Lima"] == [])
        #expect(routing.targets.map(\.receiver.name) == ["ops", "am", "family"])
        #expect(routing.targets.map(\.schedule.initialDelay) == [2, 5, 5])
    }

    @Test func eachEventGoesToEachReceiverOfItsCity() throws {
        let requests = try routing().requests(
            events: [alert("Paris"), alert("Tokyo"), alert("Lima")], state: DaemonState(), now: Instant(unixSeconds: 2000))
        #expect(requests.map { "\($0.event.id) → \($0.receiver)" } == [
            "paris-1000-1-firing → ops", "paris-1000-1-firing → am", "paris-1000-1-firing → family",
            "tokyo-1000-1-firing → family",
        ])
        #expect(requests.allSatisfy { !$0.isRefresh })
    }

    @Test func firingCitiesWithoutAnEventAreRefreshedForAlertmanagerOnly() throws {
        var state = DaemonState()
        var paris = CityRecord(city: City(name: "Paris", latitude: 48.85, longitude: 2.35))
        paris.alert.firing = true
        paris.alert.episodeStartedAt = Instant(unixSeconds: 1000)
        paris.alert.notifiedBand = .unhealthy
        paris.band = .unhealthyForSensitiveGroups
        paris.lastReading = Reading(time: "2026-08-20T14:00", usAQI: 140, concentrations: [.pm2_5: 50])
        state.cities["Paris"] = paris
        state.cities["Tokyo"] = CityRecord(city: City(name: "Tokyo", latitude: 35.68, longitude: 139.65))
        let quiet = try routing().requests(events: [], state: state, now: Instant(unixSeconds: 4600.5))
        #expect(quiet.map(\.receiver) == ["am"])
        let refresh = try #require(quiet.first)
        #expect(refresh.isRefresh)
        #expect(refresh.event.id == Slug.of("Paris") + "-1000-refresh-4600")
        #expect(refresh.event.kind == .reminder)
        // The band announced, so Alertmanager's labels stay those of the alert it holds.
        #expect(refresh.event.band == .unhealthy)
        #expect(refresh.event.aqi == 140)
        // A city with an event this cycle needs no refresh: the event carries it.
        #expect(try routing().requests(events: [alert("Paris", .reminder)], state: state, now: Instant(unixSeconds: 4600)).filter(\.isRefresh).isEmpty)
    }

    @Test func deliveryRecordsCarryTheFields() {
        let entry = OutboxEntry(event: alert("Paris"), receiver: "ops", sequence: 1, createdAt: 1000)
        let failed = DeliveryRecords.record(.failed(entry, error: "HTTP 503 from hooks.example.com", final: false))
        #expect(failed.priority == .warning)
        #expect(failed.messageID == DaemonEvent.deliveryFailed.messageID)
        #expect(failed.field("BREEZE_EVENT") == "delivery-failed")
        #expect(failed.field("BREEZE_ALERT_ID") == "paris-1000-1-firing")
        #expect(failed.field("BREEZE_RECEIVER") == "ops")
        #expect(failed.field("BREEZE_CITY") == "Paris")
        #expect(failed.field("BREEZE_ERROR") == "HTTP 503 from hooks.example.com")
        #expect(DeliveryRecords.record(.failed(entry, error: "HTTP 400", final: true)).priority == .error)
        let delivered = DeliveryRecords.record(.delivered(entry))
        #expect(delivered.priority == .info && delivered.field("BREEZE_EVENT") == "delivered")
        let gone = DeliveryRecords.record(.receiverGone(receiver: "ops", reason: "HTTP 410", buried: 3))
        #expect(gone.priority == .error && gone.field("BREEZE_RECEIVER") == "ops")
    }

    @Test func aSpooledMessageIsSaidSpooledNotDelivered() {
        let entry = OutboxEntry(event: alert("Paris"), receiver: "family", sequence: 1, createdAt: 1000)
        let spooled = DeliveryRecords.record(.spooled(entry, path: "/var/lib/breeze/mail", group: nil))
        #expect(spooled.message == "alert paris-1000-1-firing for family spooled to /var/lib/breeze/mail, not sent")
        #expect(spooled.priority == .info)
        #expect(spooled.messageID == DaemonEvent.spooled.messageID)
        #expect(spooled.field("BREEZE_EVENT") == "spooled")
        #expect(spooled.field("BREEZE_SPOOL") == "/var/lib/breeze/mail")
        #expect(spooled.field("BREEZE_CITY") == "Paris" && spooled.field("BREEZE_RECEIVER") == "family")
        let grouped = DeliveryRecords.record(.spooled(entry, path: "/srv/mail", group: GroupShare(id: "group-family-1", size: 4)))
        #expect(grouped.message == "alert paris-1000-1-firing for family spooled to /srv/mail in a message of 4, not sent")
        #expect(grouped.field("BREEZE_GROUP") == "group-family-1" && grouped.field("BREEZE_GROUP_SIZE") == "4")
        #expect(!grouped.message.contains("delivered"))
    }

    @Test func aPartialDeliveryNamesTheRefusedRecipients() {
        let entry = OutboxEntry(event: alert("Paris"), receiver: "family", sequence: 1, createdAt: 1000)
        let refused = "mail.example.com:465 refused bob@example.org (550 5.1.1 no such user)"
        let record = DeliveryRecords.record(.partlyDelivered(entry, refused: refused, group: nil))
        #expect(record.message == "alert paris-1000-1-firing delivered to family, but \(refused)")
        #expect(record.priority == .warning)
        #expect(record.field("BREEZE_EVENT") == "delivered")
        #expect(record.field("BREEZE_ERROR") == refused)
    }

    @Test func aDigestsRecordsNameItsDayNotAnEmptyCity() {
        var digest = AlertEvent(
            id: "digest-ops-2026-12-01", kind: .digest, city: City(name: "", latitude: 0, longitude: 0), aqi: nil,
            band: nil, previousBand: nil, dominantPollutant: nil, concentrations: [:], pollutantsOverLimit: [],
            observedAt: "", createdAt: 1000)
        digest.digest = DigestDetails(day: "2026-12-01", receiver: "ops", cities: [])
        let entry = OutboxEntry(event: digest, receiver: "ops", sequence: 1, createdAt: 1000)
        let delivered = DeliveryRecords.record(.delivered(entry))
        #expect(delivered.field("BREEZE_CITY") == nil)
        #expect(delivered.field("BREEZE_DIGEST_DAY") == "2026-12-01")
        #expect(delivered.field("BREEZE_RECEIVER") == "ops")
        // Any other event keeps its city's fields.
        let alerted = DeliveryRecords.record(.delivered(OutboxEntry(event: alert("Paris"), receiver: "ops", sequence: 2, createdAt: 1000)))
        #expect(alerted.field("BREEZE_CITY") == "Paris" && alerted.field("BREEZE_DIGEST_DAY") == nil)
    }
}
