import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import Foundation
import BreezeVocabulary
import Testing

/// Every format says which AQI an alert is on; an event that does not say (a test alert, an
/// outbox entry from before) reads as before.
struct AQISourceFormatTests {
    func request(_ format: WebhookFormat, _ source: AQISource?) throws -> HTTPRequest {
        var event = SampleEvents.event()
        event.aqiSource = source
        let configuration = WebhookConfiguration(
            name: "ops", url: "https://hooks.example.com/T0/B1/xyz", format: format, secret: nil, headers: [],
            timeout: .seconds(7))
        let receiver = WebhookReceiver(
            configuration: configuration, transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]),
            firingLifetime: .seconds(3600))
        return try receiver.request(for: event, at: SampleEvents.createdAt + .seconds(5)).get()
    }

    func text(_ request: HTTPRequest) -> String { String(decoding: request.body ?? [], as: UTF8.self) }

    @Test func webhookDataCarriesTheSource() throws {
        let body = try #require(try SampleEvents.json(request(.json, .nowcast).body) as? [String: Any])
        let data = try #require(body["data"] as? [String: Any])
        #expect(data["aqiSource"] as? String == "nowcast")
        let old = try #require(try SampleEvents.json(request(.json, nil).body) as? [String: Any])
        #expect((old["data"] as? [String: Any])?["aqiSource"] is NSNull)
    }

    @Test func chatTextSaysTheSource() throws {
        for format in [WebhookFormat.slack, .discord, .ntfy] {
            #expect(text(try request(format, .nowcast)).contains("NowCast AQI"), "\(format)")
            #expect(text(try request(format, .openMeteo)).contains("Open-Meteo's us_aqi"), "\(format)")
            #expect(!text(try request(format, nil)).contains("NowCast"), "\(format)")
        }
    }

    @Test func alertmanagerAnnotatesTheSourceLabelsUnchanged() throws {
        let body = try #require(try SampleEvents.json(request(.alertmanager, .nowcast).body) as? [[String: Any]])
        let alert = try #require(body.first)
        #expect((alert["annotations"] as? [String: Any])?["aqi_source"] as? String == "nowcast")
        #expect((alert["labels"] as? [String: Any])?.keys.sorted() == ["alertname", "band", "city", "severity"])
    }
}
