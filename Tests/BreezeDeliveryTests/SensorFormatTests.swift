import BreezeAlerts
import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeDelivery
import BreezeOutboxValues

/// An AQI a sensor rated, in every receiver's format: which sensor, and the model's value
/// beside; the webhook JSON carries `aqiSource: "sensor"` and `sensor`.
struct SensorRatedFormatTests {
    static func rated(modelAQI: Int? = 60, modelSource: AQISource = .nowcast, label: String = "sensor backyard") -> AlertEvent {
        var event = SampleEvents.event(aqi: 157)
        event.aqiSource = .sensor
        event.openMeteoAQI = 55
        event.sensor = SensorRating(label: label, modelAQI: modelAQI, modelSource: modelSource)
        return event
    }

    static func request(_ format: WebhookFormat, _ event: AlertEvent) throws -> HTTPRequest {
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(name: "ops", url: "http://127.0.0.1:9/hook", format: format),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]),
            firingLifetime: .seconds(3600))
        return try receiver.request(for: event, at: SampleEvents.createdAt + .seconds(5)).get()
    }

    static func text(_ request: HTTPRequest) -> String { String(decoding: request.body ?? [], as: UTF8.self) }

    static func data(_ event: AlertEvent) throws -> [String: Any] {
        let body = try #require(try SampleEvents.json(request(.json, event).body) as? [String: Any])
        return try #require(body["data"] as? [String: Any])
    }

    @Test func webhookDataNamesTheSensorAndTheModel() throws {
        let data = try Self.data(Self.rated())
        #expect(data["aqiSource"] as? String == "sensor")
        #expect(data["aqi"] as? Int == 157)
        let sensor = try #require(data["sensor"] as? [String: Any])
        #expect(sensor["label"] as? String == "sensor backyard")
        #expect(sensor["modelAQI"] as? Int == 60)
        #expect(sensor["modelSource"] as? String == "nowcast")
        let without = try #require(try Self.data(Self.rated(modelAQI: nil))["sensor"] as? [String: Any])
        #expect(without["modelAQI"] is NSNull)
        // The model's own event: no sensor.
        #expect(try Self.data(SampleEvents.event())["sensor"] is NSNull)
    }

    @Test func chatAndNtfySayTheSensorAndTheModelBeside() throws {
        for format in [WebhookFormat.slack, .ntfy] {
            let text = Self.text(try Self.request(format, Self.rated()))
            #expect(text.contains("NowCast AQI of sensor backyard"), "\(format)")
            #expect(text.contains("Model: NowCast AQI 60"), "\(format)")
            #expect(text.contains("Open-Meteo's AQI: 55"), "\(format)")
        }
        let discord = Self.text(try Self.request(.discord, Self.rated()))
        #expect(discord.contains("NowCast AQI of sensor backyard"))
        #expect(discord.contains(#"{"inline":true,"name":"Model (NowCast AQI)","value":"60"}"#))
        // With Open-Meteo as the model, its value is said once, as the model's.
        let openMeteo = Self.text(try Self.request(.ntfy, Self.rated(modelAQI: 55, modelSource: .openMeteo)))
        #expect(openMeteo.contains("Model: Open-Meteo's us_aqi 55"))
        #expect(!openMeteo.contains("Open-Meteo's AQI:"))
        #expect(!Self.text(try Self.request(.ntfy, SampleEvents.event())).contains("Model:"))
    }

    @Test func emailSaysTheSensorOnTheAQILine() {
        let addressing = MailAddressing(from: "breeze@example.com", to: ["ops@example.com"], subjectPrefix: "[Breeze]")
        let mail = MailMessage(event: Self.rated(), addressing: addressing, timeZone: "UTC", hostname: "host", now: SampleEvents.createdAt)
        #expect(mail.body.contains("AQI: 157, Unhealthy 😨 (NowCast AQI of sensor backyard)"))
        #expect(mail.body.contains("\nModel: NowCast AQI 60\n"))
    }

    @Test func alertmanagerAnnotatesTheSensorLabelsUnchanged() throws {
        let alerts = try #require(try SampleEvents.json(Self.request(.alertmanager, Self.rated()).body) as? [[String: Any]])
        let annotations = try #require(alerts.first?["annotations"] as? [String: String])
        #expect(annotations["aqi_source"] == "sensor")
        #expect(annotations["sensor"] == "sensor backyard")
        #expect(annotations["model_aqi"] == "60")
        #expect(annotations["model_source"] == "nowcast")
        #expect((alerts.first?["labels"] as? [String: Any])?.keys.sorted() == ["alertname", "band", "city", "severity"])
    }

    /// A label from outside is text in every format, never markup or a control sequence.
    @Test func aHostileLabelIsEscaped() throws {
        let event = Self.rated(label: "sensor <!channel> *x* \u{1B}[31m\u{202E}")
        let slack = Self.text(try Self.request(.slack, event))
        #expect(!slack.contains("<!channel>") && slack.contains("&lt;!channel&gt;"))
        // Discord shows the label in its footer, without markdown: its escapes are VisibleText's.
        let discord = Self.text(try Self.request(.discord, event))
        #expect(discord.contains(#"NowCast AQI of sensor <!channel> *x* \\x1B[31m\\u{202E}"#))
        for format in [WebhookFormat.slack, .discord, .ntfy] {
            let text = Self.text(try Self.request(format, event))
            #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"), "\(format)")
        }
        let json = try Self.data(event)
        #expect((json["sensor"] as? [String: Any])?["label"] as? String == "sensor <!channel> *x* \u{1B}[31m\u{202E}")
    }
}

/// A `[Sensor]` gone stale and back (`AlertSubject.source`): its own sentence, title, json,
/// email and Alertmanager alert, each sensor of a city apart from the others.
struct SourceStaleFormatTests {
    static func stale(
        _ kind: AlertEventKind = .firing, sensor: String = "backyard", kind sensorKind: SensorKind = .purpleAir,
        label: String? = nil, lastValidAt: Instant? = SampleEvents.createdAt - .seconds(2 * 3600),
        reason: String? = "timed out after 10 s", answers: Bool? = nil
    ) -> AlertEvent {
        var event = SampleEvents.event(kind, aqi: nil, band: nil, previousBand: nil, id: "paris-source-\(sensor)-1-\(kind.rawValue)")
        event.concentrations = [:]
        event.pollutantsOverLimit = []
        event.dominantPollutant = nil
        event.subject = .source
        event.sourceStatus = SourceStaleDetails(
            sensor: sensor, kind: sensorKind, label: label ?? "sensor \(sensor)", lastValidAt: lastValidAt, reason: reason,
            answers: answers)
        return event
    }

    @Test func theSentenceSaysSinceWhenInTheCitysZone() {
        // 12:05 UTC is 14:05 in Paris (CEST).
        #expect(Self.stale().message == "The backyard sensor in Paris has not answered since 14:05 CEST; alerts use the model until it is back")
        #expect(Self.stale(reason: "channels A and B disagree", answers: true).message
            == "The backyard sensor in Paris has given no valid reading since 14:05 CEST; alerts use the model until it is back")
        #expect(Self.stale(lastValidAt: nil).message == "The backyard sensor in Paris has never answered; alerts use the model until it is back")
        #expect(Self.stale(.resolved).message == "The backyard sensor in Paris answers again; alerts use it again")
        #expect(Self.stale(sensor: "official", kind: .airNow, label: "AirNow Paris-Central").message
            == "AirNow Paris-Central in Paris has not answered since 14:05 CEST; alerts use the model until it is back")
        #expect(Self.stale(lastValidAt: SampleEvents.createdAt - .seconds(50 * 3600)).message.contains("since Tue 18 Aug 14:05 CEST"))
        #expect(Self.stale().tips.count == 2 && Self.stale(.resolved).tips.isEmpty)
        #expect(Self.stale(sensor: "official", kind: .airNow, label: "AirNow X").tips.isEmpty)
        #expect(AlertText(Self.stale(), now: SampleEvents.createdAt, receiverTimeZone: "UTC").title == "Paris: sensor backyard stale")
        #expect(AlertText(Self.stale(.resolved), now: SampleEvents.createdAt, receiverTimeZone: "UTC").title == "Paris: sensor backyard answers again")
    }

    @Test func webhookJSONCarriesTheSource() throws {
        let body = try #require(try SampleEvents.json(SensorRatedFormatTests.request(.json, Self.stale()).body) as? [String: Any])
        #expect(body["type"] as? String == "breeze.source-stale")
        let data = try #require(body["data"] as? [String: Any])
        #expect(data["subject"] as? String == "source")
        let source = try #require(data["source"] as? [String: Any])
        #expect(source["sensor"] as? String == "backyard" && source["label"] as? String == "sensor backyard")
        #expect(source["kind"] as? String == "purpleair" && source["answers"] as? Bool == false)
        #expect(source["lastValidAt"] as? String == "2026-08-20T12:05:00Z")
        #expect(source["reason"] as? String == "timed out after 10 s")
        #expect((data["message"] as? String)?.hasPrefix("The backyard sensor in Paris has not answered since") == true)
        let resolved = try #require(try SampleEvents.json(SensorRatedFormatTests.request(.json, Self.stale(.resolved)).body) as? [String: Any])
        #expect(resolved["type"] as? String == "breeze.source-back")
    }

    @Test func chatFormatsAndNtfy() throws {
        for format in [WebhookFormat.slack, .discord, .ntfy] {
            let text = SensorRatedFormatTests.text(try SensorRatedFormatTests.request(format, Self.stale()))
            #expect(text.contains("has not answered since 14:05 CEST"), "\(format)")
            #expect(!text.contains("pollen") && !text.contains("UV"), "\(format)")
        }
        let slack = SensorRatedFormatTests.text(try SensorRatedFormatTests.request(.slack, Self.stale()))
        #expect(slack.contains("Paris: sensor backyard stale"))
        let ntfy = try SensorRatedFormatTests.request(.ntfy, Self.stale())
        #expect(ntfy.headers.value("Tags") == "satellite,source,purpleair")
        #expect(ntfy.headers.value("Title") == "Paris: sensor backyard stale")
        #expect(try SensorRatedFormatTests.request(.ntfy, Self.stale(.resolved)).headers.value("Priority") == "2")
    }

    @Test func emailSaysWhichSensorNotAQI() {
        let addressing = MailAddressing(from: "breeze@example.com", to: ["ops@example.com"], subjectPrefix: "[Breeze]")
        let mail = MailMessage(event: Self.stale(), addressing: addressing, timeZone: "UTC", hostname: "host", now: SampleEvents.createdAt)
        #expect(mail.subject == "[Breeze] The backyard sensor in Paris has not answered since 14:05 CEST; alerts use the model until it is back")
        #expect(mail.body.contains("Sensor:    sensor backyard (PurpleAir)"))
        #expect(mail.body.contains("Last attempt: timed out after 10 s"))
        #expect(!mail.body.contains("AQI") && !mail.body.contains("pollen"))
    }

    @Test func alertmanagerHasOneAlertPerSensor() throws {
        let fired = try #require(try SampleEvents.json(SensorRatedFormatTests.request(.alertmanager, Self.stale()).body) as? [[String: Any]])
        #expect(fired.count == 1)
        let labels = try #require(fired[0]["labels"] as? [String: String])
        #expect(labels == ["alertname": "SensorStale", "city": "Paris", "sensor": "backyard", "severity": "info"])
        #expect((fired[0]["annotations"] as? [String: String])?["last_valid_at"] == "2026-08-20T12:05:00Z")
        let resolved = try #require(try SampleEvents.json(SensorRatedFormatTests.request(.alertmanager, Self.stale(.resolved)).body) as? [[String: Any]])
        #expect(resolved[0]["labels"] as? [String: String] == labels)
        #expect(resolved[0]["endsAt"] as? String == TimeText.rfc3339(SampleEvents.createdAt))
    }

    @Test func aGroupedMessageNamesTheSensor() {
        #expect(GroupText.short(Self.stale()) == "Paris sensor backyard stale")
        #expect(GroupText.short(Self.stale(.resolved)) == "Paris sensor backyard back")
        let line = GroupText.line(AlertText(Self.stale(), now: SampleEvents.createdAt, receiverTimeZone: "UTC"))
        #expect(line.hasPrefix("The backyard sensor in Paris has not answered"))
    }

    /// Quiet hours hold a stale sensor's news at night (never urgent), not its return.
    @Test func quietHoursHoldTheFiringNotTheReturn() {
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(
                name: "ops", url: "http://127.0.0.1:9",
                delivery: DeliverySettings(quietHours: QuietHours(start: 22 * 60, end: 7 * 60), timeZone: "UTC")),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]))
        let night = Instant(unixSeconds: 1_796_166_000)  // 2026-12-01T23:00:00Z
        #expect(QuietHoursPolicy.holdUntil(event: Self.stale(), receiver: receiver, now: night, cityTimeZone: nil) == night + .seconds(8 * 3600))
        #expect(QuietHoursPolicy.holdUntil(event: Self.stale(.resolved), receiver: receiver, now: night, cityTimeZone: nil) == nil)
    }

    /// One sensor's return does not fold another's stale alert of the same city.
    @Test func foldingKeepsEachSensorApart() {
        let entries = { (events: [AlertEvent]) in
            events.enumerated().map { OutboxEntry(event: $1, receiver: "ops", sequence: UInt64($0), createdAt: SampleEvents.createdAt) }
        }
        #expect(EpisodeFolding.fold(entries([Self.stale(sensor: "porch"), Self.stale(.resolved)]), at: 0) == nil)
        #expect(EpisodeFolding.fold(entries([Self.stale(), Self.stale(.resolved)]), at: 0)?.superseded.count == 1)
        let porch = OutboxEntry(event: Self.stale(sensor: "porch"), receiver: "ops", sequence: 0, createdAt: SampleEvents.createdAt)
        let backyard = OutboxEntry(event: Self.stale(), receiver: "ops", sequence: 1, createdAt: SampleEvents.createdAt)
        #expect(QuietHoursHold.orderKey(porch) != QuietHoursHold.orderKey(backyard))
    }
}

/// A city with an indoor sensor: the messages say to keep the windows closed while the air
/// outside is a band or more worse, and to air the rooms when a resolve finds it better.
struct IndoorAdviceFormatTests {
    static let closed = "Outdoor air is worse than indoors (AQI 157 outside, 42 inside): keep the windows closed."
    static let air = "The air outside is now better than indoors: time to air the rooms."

    static func event(_ kind: AlertEventKind = .firing, aqi: Int = 157, indoor: Int?) -> AlertEvent {
        var event = SampleEvents.event(kind, aqi: aqi, band: Band(aqi: aqi))
        event.indoorAQI = indoor
        return event
    }

    @Test func theAdviceFollowsTheBands() {
        #expect(Self.event(indoor: 42).indoorAdvice == Self.closed)
        #expect(Self.event(indoor: 42).tips.first == Self.closed)
        #expect(Self.event(.escalated, indoor: 42).indoorAdvice == Self.closed)
        // Indoors in the same band (Unhealthy, 151–200): no advice.
        #expect(Self.event(indoor: 151).indoorAdvice == nil)
        // One band apart is enough: 150 is Unhealthy for Sensitive Groups.
        #expect(Self.event(indoor: 150).indoorAdvice == "Outdoor air is worse than indoors (AQI 157 outside, 150 inside): keep the windows closed.")
        #expect(Self.event(indoor: nil).indoorAdvice == nil)
        #expect(Self.event(indoor: 9999).indoorAdvice == nil)
        #expect(Self.event(.resolved, aqi: 30, indoor: 45).indoorAdvice == Self.air)
        #expect(Self.event(.resolved, aqi: 30, indoor: 45).tips.first == Self.air)
        #expect(Self.event(.resolved, aqi: 50, indoor: 45).indoorAdvice == nil)
        #expect(Self.event(.resolved, aqi: 45, indoor: 45).indoorAdvice == nil)
        #expect(Self.event(.forecast, indoor: 10).indoorAdvice == nil)
    }

    @Test func everyFormatCarriesIt() throws {
        for format in [WebhookFormat.slack, .discord, .ntfy, .json] {
            let text = SensorRatedFormatTests.text(try SensorRatedFormatTests.request(format, Self.event(indoor: 42)))
            #expect(text.contains("keep the windows closed"), "\(format)")
            let resolved = SensorRatedFormatTests.text(try SensorRatedFormatTests.request(format, Self.event(.resolved, aqi: 30, indoor: 45)))
            #expect(resolved.contains("time to air the rooms"), "\(format)")
        }
        let data = try SensorRatedFormatTests.data(Self.event(indoor: 42))
        #expect(data["indoorAQI"] as? Int == 42)
        #expect((data["tips"] as? [String])?.first == Self.closed)
        #expect(try SensorRatedFormatTests.data(Self.event(indoor: nil))["indoorAQI"] is NSNull)
        let alerts = try #require(try SampleEvents.json(SensorRatedFormatTests.request(.alertmanager, Self.event(indoor: 42)).body) as? [[String: Any]])
        let annotations = try #require(alerts.first?["annotations"] as? [String: String])
        #expect(annotations["indoor_aqi"] == "42")
        #expect(annotations["description"]?.hasPrefix(Self.closed) == true)
        let addressing = MailAddressing(from: "breeze@example.com", to: ["ops@example.com"], subjectPrefix: "")
        let mail = MailMessage(event: Self.event(indoor: 42), addressing: addressing, timeZone: "UTC", hostname: "host", now: SampleEvents.createdAt)
        #expect(mail.body.contains("What to do:\n- " + Self.closed))
    }
}
