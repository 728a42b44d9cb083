import BreezeAlerts
import BreezeConfig
@testable import BreezeDelivery
import BreezeHTTP
import BreezeJSON
import BreezeTestSupport
import Foundation
import BreezeVocabulary
import Testing

/// The seams of updates in place: ntfy's sequence id, the Discord edit sequence through a
/// recording transport, and email threading headers parsed by Python's email package.
struct UpdatesInPlaceUnitTests {
    static let thread = "paris-1787234700"

    static func event(_ kind: AlertEventKind, number: Int) -> AlertEvent {
        var event = SampleEvents.event(kind, id: "\(thread)-\(number)-\(kind.rawValue)")
        event.thread = thread
        return event
    }

    @Test func ntfyNamesTheThreadAsItsSequenceIDAndTestsHaveNone() throws {
        let context = FormatContext(url: "https://ntfy.example/alerts", now: SampleEvents.createdAt, signingKey: nil, firingLifetime: .seconds(60))
        #expect(NtfyFormat.request(for: Self.event(.escalated, number: 2), context: context).headers.value("X-Sequence-ID") == Self.thread)
        #expect(NtfyFormat.request(for: SampleEvents.event(.test), context: context).headers.value("X-Sequence-ID") == nil)
        var hostile = Self.event(.firing, number: 1)
        hostile.thread = "東京/../" + String(repeating: "x", count: 100) + "\r\nX-Evil: 1"
        let sequence = try #require(NtfyFormat.request(for: hostile, context: context).headers.value("X-Sequence-ID"))
        #expect(sequence.utf8.count <= 64 && sequence.range(of: "^[-_A-Za-z0-9]+$", options: .regularExpression) != nil)
        var other = hostile
        other.thread = "東京/../" + String(repeating: "x", count: 100) + "\r\nX-Evil: 2"
        #expect(NtfySequence.identifier(other) != sequence)
    }

    static func receiver(_ transport: RecordingTransport, state: String) -> WebhookReceiver {
        WebhookReceiver(
            configuration: WebhookConfiguration(
                name: "chat", url: "https://discord.example/api/webhooks/1/TOKEN-abc?thread_id=9", format: .discord,
                headers: [], timeout: .seconds(5)),
            transport: transport, stateDirectory: state)
    }

    static func created(_ id: String) -> Result<HTTPResponse, HTTPError> {
        .success(HTTPResponse(status: 200, body: Array(#"{"id":"\#(id)","channel_id":"5","author":{"id":"77"}}"#.utf8)))
    }

    @Test func aSensitiveReceiversEditCarriesTheAdviceForPeopleAtRisk() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let transport = RecordingTransport(outcomes: [Self.created("998877"), .success(HTTPResponse(status: 200))])
        var settings = DeliverySettings()
        settings.audience = .sensitive
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(
                name: "family", url: "https://discord.example/api/webhooks/1/TOKEN-abc", format: .discord,
                headers: [], timeout: .seconds(5), delivery: settings),
            transport: transport, stateDirectory: folder.path)
        let escalated = Self.event(.escalated, number: 2)
        #expect(receiver.deliver(Self.event(.firing, number: 1), at: SampleEvents.createdAt) == .delivered)
        #expect(receiver.deliver(escalated, at: SampleEvents.createdAt) == .delivered)
        try #require(transport.requests.map(\.method) == [.post, .patch])
        // The edit says what the first message said: the advice of the receiver's audience.
        let sensitive = try #require(AdviceText.statement(escalated, audience: .sensitive))
        let general = try #require(AdviceText.statement(escalated, audience: .general))
        let edit = String(decoding: transport.requests[1].body ?? [], as: UTF8.self)
        let quoted = { (text: String) in String(String(decoding: JSONValue.string(text).bytes, as: UTF8.self).dropFirst().dropLast()) }
        #expect(edit.contains(quoted(sensitive)) && !edit.contains(quoted(general)), "\(edit)")
    }

    @Test func discordPostsWithWaitThenEditsTheSameMessage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let transport = RecordingTransport(outcomes: [Self.created("998877"), .success(HTTPResponse(status: 200))])
        let receiver = Self.receiver(transport, state: folder.path)
        #expect(receiver.deliver(Self.event(.firing, number: 1), at: SampleEvents.createdAt) == .delivered)
        #expect(receiver.deliver(Self.event(.escalated, number: 2), at: SampleEvents.createdAt) == .delivered)
        #expect(receiver.deliver(Self.event(.resolved, number: 3), at: SampleEvents.createdAt) == .delivered)
        let requests = transport.requests
        try #require(requests.map(\.method) == [.post, .patch, .patch])
        #expect(requests[0].url == "https://discord.example/api/webhooks/1/TOKEN-abc?thread_id=9&wait=true")
        #expect(requests[1].url == "https://discord.example/api/webhooks/1/TOKEN-abc/messages/998877?thread_id=9")
        let edit = try #require(try SampleEvents.json(requests[2].body) as? [String: Any])
        #expect(edit["username"] == nil)
        // The resolve's own sentence, whatever band it lands in.
        #expect((edit["content"] as? String)?.contains(Self.event(.resolved, number: 3).message) == true)
        #expect(requests[1].headers.value("Content-Type") == "application/json")
        // A test alert has no thread: always a new message, never an edit.
        _ = receiver.deliver(SampleEvents.event(.test), at: SampleEvents.createdAt)
        #expect(transport.requests.last?.method == .post && transport.requests.last?.url.contains("wait=true") == false)
    }

    @Test func aDeletedMessageIsPostedAgainAndAFailedEditIsRetried() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let transport = RecordingTransport(outcomes: [
            Self.created("111"), .success(HTTPResponse(status: 404, body: Array(#"{"code":10008}"#.utf8))),
            Self.created("222"), .failure(.timeout), .success(HTTPResponse(status: 200)),
        ])
        let receiver = Self.receiver(transport, state: folder.path)
        #expect(receiver.deliver(Self.event(.firing, number: 1), at: SampleEvents.createdAt) == .delivered)
        #expect(receiver.deliver(Self.event(.escalated, number: 2), at: SampleEvents.createdAt) == .delivered)
        if case .retry(let reason, _) = receiver.deliver(Self.event(.resolved, number: 3), at: SampleEvents.createdAt) {
            #expect(!reason.contains("TOKEN-abc"), "\(reason)")
        } else {
            Issue.record("a timed-out edit is retried")
        }
        #expect(receiver.deliver(Self.event(.resolved, number: 3), at: SampleEvents.createdAt) == .delivered)
        let urls = transport.requests.map { "\($0.method.rawValue) \($0.url.replacingOccurrences(of: "https://discord.example/api/webhooks/1/TOKEN-abc", with: ""))" }
        #expect(urls == [
            "POST ?thread_id=9&wait=true", "PATCH /messages/111?thread_id=9", "POST ?thread_id=9&wait=true",
            "PATCH /messages/222?thread_id=9", "PATCH /messages/222?thread_id=9",
        ])
    }

    @Test(arguments: [
        #"{"id":"../../x"}"#, #"{"id":12345}"#, #"{"id":"123","id":"45x"}"#, "not json", #"[{"id":"1"}]"#, "",
    ])
    func anAnswerWithoutAUsableIDIsDeliveredButNotEdited(body: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let transport = RecordingTransport(outcomes: [.success(HTTPResponse(status: 200, body: Array(body.utf8)))])
        let receiver = Self.receiver(transport, state: folder.path)
        #expect(receiver.deliver(Self.event(.firing, number: 1), at: SampleEvents.createdAt) == .delivered)
        #expect(receiver.deliver(Self.event(.resolved, number: 2), at: SampleEvents.createdAt) == .delivered)
        #expect(transport.requests.map(\.method) == [.post, .post])
    }

    @Test func aCutAnswerIsNotReadForAnID() {
        let cut = HTTPResponse(status: 200, body: Array(#"{"id":"123"}"#.utf8), bodyTruncated: true)
        #expect(DiscordEdits.messageID(in: cut) == nil)
        let long = HTTPResponse(status: 200, body: Array((#"{"id":"123","pad":""# + String(repeating: "x", count: 70_000) + #""}"#).utf8))
        #expect(DiscordEdits.messageID(in: long) == nil)
        #expect(DiscordEdits.messageID(in: HTTPResponse(status: 200, body: Array(#"{"id":"123"}"#.utf8))) == "123")
    }

    @Test func theDiscordURLsKeepTheQueryAndDropAFragment() {
        #expect(DiscordEdits.waitURL("https://d.example/api/webhooks/1/t") == "https://d.example/api/webhooks/1/t?wait=true")
        #expect(DiscordEdits.waitURL("https://d.example/w/1/t?") == "https://d.example/w/1/t?wait=true")
        #expect(DiscordEdits.waitURL("https://d.example/w/1/t?a=b#frag") == "https://d.example/w/1/t?a=b&wait=true")
        #expect(DiscordEdits.messageURL("https://d.example/w/1/t/", id: "9") == "https://d.example/w/1/t/messages/9")
        #expect(DiscordEdits.messageURL("https://d.example/w/1/t?thread_id=4", id: "9") == "https://d.example/w/1/t/messages/9?thread_id=4")
    }

    @Test func mailAfterTheFirstRepliesToIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spool = folder.path + "/mail"
        let receiver = EmailReceiver(
            configuration: EmailConfiguration(
                name: "mail", to: ["ops@example.com"], from: "breezed@example.com", spool: spool,
                delivery: DeliverySettings(timeZone: "Europe/Paris")),
            hostname: "sensor-host")
        var events = [Self.event(.firing, number: 1), Self.event(.escalated, number: 2), Self.event(.resolved, number: 3)]
        var forecast = SampleEvents.event(.forecast, id: "paris-forecast-2026-08-21-2-forecast")
        forecast.thread = "paris-forecast-2026-08-21"
        events.append(forecast)
        var unannounced = SampleEvents.event(.resolved, id: "lyon-1787234700-2-resolved")
        unannounced.thread = "lyon-1787234700"
        unannounced.unannounced = UnannouncedEpisode(startedAt: SampleEvents.createdAt, band: .unhealthy)
        events.append(unannounced)
        for event in events { #expect(receiver.deliver(event, at: SampleEvents.createdAt) == .spooled(path: spool)) }
        let files = try FileManager.default.contentsOfDirectory(atPath: spool + "/new").map { spool + "/new/" + $0 }
        let reports = try TemporaryFolder.checkMail(files)
        #expect(reports.count == 5 && reports.allSatisfy { $0["ok"] as? Bool == true }, "\(reports)")
        let byID = Dictionary(uniqueKeysWithValues: reports.compactMap { report -> (String, [String: String])? in
            guard let headers = report["headers"] as? [String: String], let id = headers["message-id"] else { return nil }
            return (id, headers)
        })
        let root = "<paris-1787234700-1-firing@sensor-host>"
        #expect(byID[root]?["in-reply-to"] == nil && byID[root]?["references"] == nil)
        for id in ["<paris-1787234700-2-escalated@sensor-host>", "<paris-1787234700-3-resolved@sensor-host>"] {
            #expect(byID[id]?["in-reply-to"] == root)
            #expect(byID[id]?["references"] == root)
        }
        #expect(byID["<paris-forecast-2026-08-21-2-forecast@sensor-host>"]?["in-reply-to"] == "<paris-forecast-2026-08-21-1-forecast@sensor-host>")
        // A resolve standing for an episode never announced is the episode's only message.
        #expect(byID["<lyon-1787234700-2-resolved@sensor-host>"]?["in-reply-to"] == nil)
    }

    @Test func theDerivedRootIsTheStateMachinesFirstEventID() {
        let episode: Instant = 1_787_234_700
        let first = EventIdentifier.event(city: "Zürich", episode: episode, number: 1, kind: .firing)
        var later = Self.event(.resolved, number: 4)
        later.id = EventIdentifier.event(city: "Zürich", episode: episode, number: 4, kind: .resolved)
        later.thread = EventIdentifier.thread(city: "Zürich", episode: episode)
        #expect(MailThreading.rootEventID(of: later) == first)
        var forecast = Self.event(.forecastCleared, number: 3)
        forecast.id = EventIdentifier.forecast(city: "Zürich", day: "2026-08-21", number: 3, kind: .forecastCleared)
        forecast.thread = EventIdentifier.forecastThread(city: "Zürich", day: "2026-08-21")
        #expect(MailThreading.rootEventID(of: forecast) == EventIdentifier.forecast(city: "Zürich", day: "2026-08-21", number: 1, kind: .forecast))
    }
}
