import BreezeAlerts
import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeDelivery

/// Every format carries the cautionary statement for its receiver's `Audience=` and the
/// event's dominant pollutant, next to the band's tips.
struct AdviceFormatTests {
    static let ozone: AlertEvent = {
        var event = SampleEvents.event(aqi: 120, band: .unhealthyForSensitiveGroups, previousBand: .moderate)
        event.dominantPollutant = .o3
        return event
    }()

    static func advice(_ audience: Audience, _ event: AlertEvent = ozone) -> String {
        CautionaryStatement(audience: audience, pollutant: event.dominantPollutant, category: event.band!.category).text
    }

    func request(_ format: WebhookFormat, audience: Audience, _ event: AlertEvent = ozone) throws -> String {
        var delivery = DeliverySettings()
        delivery.audience = audience
        let configuration = WebhookConfiguration(
            name: "family", url: "https://hooks.example.com/x", format: format, delivery: delivery)
        let receiver = WebhookReceiver(
            configuration: configuration, transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]), firingLifetime: .seconds(3600))
        return String(decoding: try receiver.request(for: event, at: SampleEvents.createdAt).get().body ?? [], as: UTF8.self)
    }

    @Test(arguments: [WebhookFormat.ntfy, .slack, .discord, .json])
    func eachWebhookFormatCarriesTheStatementForItsAudience(format: WebhookFormat) throws {
        for audience in Audience.allCases {
            let body = try request(format, audience: audience)
            let other = Audience.allCases.first { $0 != audience }!
            // JSON escapes nothing in these statements; Slack escapes only &, < and >.
            #expect(body.contains(Self.advice(audience)), "\(format) \(audience): \(body)")
            #expect(!body.contains(Self.advice(other)))
            // The band's tips stay.
            #expect(body.contains(Band.unhealthyForSensitiveGroups.healthTips[0]))
        }
    }

    @Test func theJSONDataSaysForWhomAndWhat() throws {
        let body = try request(.json, audience: .sensitive)
        let data = try #require((try SampleEvents.json(Array(body.utf8)) as? [String: Any])?["data"] as? [String: Any])
        #expect(data["audience"] as? String == "sensitive")
        let advice = try #require(data["advice"] as? String)
        #expect(advice.contains("people with lung disease such as asthma"))
        #expect(advice.contains("outdoor workers"))
        // A digest has no band: no advice, still the audience.
        var digest = SampleEvents.event(.digest, band: nil, previousBand: nil)
        digest.dominantPollutant = nil
        let digestData = try #require(
            (try SampleEvents.json(Array(try request(.json, audience: .general, digest).utf8)) as? [String: Any])?["data"]
                as? [String: Any])
        #expect(digestData["advice"] is NSNull)
        #expect(digestData["audience"] as? String == "general")
    }

    @Test func anEmailBodyCarriesTheStatementBeforeWhatToDo() {
        for audience in Audience.allCases {
            let message = MailMessage(
                event: Self.ozone, addressing: MailAddressing(from: "b@example.com", to: ["a@example.com"], subjectPrefix: ""),
                timeZone: "UTC", hostname: "host", now: SampleEvents.createdAt, audience: audience)
            let body = message.body
            let advice = body.range(of: Self.advice(audience))
            let tips = body.range(of: "What to do:")
            #expect(advice != nil && tips != nil && advice!.lowerBound < tips!.lowerBound, "\(body)")
        }
    }

    @Test func carbonMonoxideAdviceInAMessageSpeaksOfTraffic() throws {
        var event = SampleEvents.event()
        event.dominantPollutant = .co
        let body = try request(.ntfy, audience: .sensitive, event)
        #expect(body.contains("For people with heart disease, angina included: give up heavy exertion"))
        #expect(body.contains("heavy traffic"))
    }
}
