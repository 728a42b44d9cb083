import BreezeAlerts
import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeDelivery

/// A forecast event in each receiver's format, and under quiet hours.
struct ForecastFormatTests {
    /// 2026-12-02T23:00:00Z: the end of the forecast day in Paris.
    static let dayEnds: Double = 1_796_252_400

    static func forecast(_ kind: AlertEventKind = .forecast, band: Band = .unhealthy, previous: Band? = nil) -> AlertEvent {
        var event = SampleEvents.event(kind, aqi: 162, band: band, previousBand: previous, id: "paris-forecast-2026-12-02-1-\(kind.rawValue)")
        event.concentrations = [:]
        event.pollutantsOverLimit = []
        event.dominantPollutant = .o3
        event.forecast = ForecastDetails(
            day: "2026-12-02", hoursAboveThreshold: 7, threshold: 101, dominant: .o3,
            dayEndsAt: Instant(unixSeconds: dayEnds))
        return event
    }

    private func request(_ format: WebhookFormat, _ event: AlertEvent) throws -> HTTPRequest {
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(name: "ops", url: "http://127.0.0.1:9/hook", format: format),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]),
            firingLifetime: .seconds(3600))
        return try receiver.request(for: event, at: SampleEvents.createdAt + .seconds(5)).get()
    }

    private func text(_ request: HTTPRequest) -> String { String(decoding: request.body ?? [], as: UTF8.self) }

    @Test func theMessageNamesTheDayPeakHoursAndPollutant() {
        #expect(
            Self.forecast().message
                == "Air quality forecast for Paris, Wed 2 Dec: peak AQI 162, Unhealthy 😨, "
                + "7 hours at or above AQI 101, mostly O₃")
        #expect(Self.forecast(previous: .unhealthyForSensitiveGroups).message.contains("(was Unhealthy for Sensitive Groups)"))
        #expect(
            Self.forecast(.forecastCleared, band: .moderate, previous: .unhealthy).message
                == "Air quality forecast for Paris, Wed 2 Dec: no longer forecast at AQI 101 or above "
                + "(peak AQI 162, Moderate 😐)")
    }

    @Test func standardWebhookTypeAndForecastData() throws {
        for (kind, type) in [(AlertEventKind.forecast, "breeze.alert.forecast"), (.forecastCleared, "breeze.alert.forecast-cleared")] {
            let body = try #require(try SampleEvents.json(try request(.json, Self.forecast(kind)).body) as? [String: Any])
            #expect(body["type"] as? String == type)
            let data = try #require(body["data"] as? [String: Any])
            let forecast = try #require(data["forecast"] as? [String: Any])
            #expect(forecast["day"] as? String == "2026-12-02")
            #expect(forecast["hoursAboveThreshold"] as? Int == 7)
            #expect(forecast["threshold"] as? Int == 101)
            #expect(forecast["dominant"] as? String == "o3")
            #expect(data["aqi"] as? Int == 162)
        }
        // A current-air event has no forecast member.
        let firing = try #require(try SampleEvents.json(try request(.json, SampleEvents.event()).body) as? [String: Any])
        #expect((firing["data"] as? [String: Any])?["forecast"] == nil)
    }

    @Test func chatFormatsSayForecastAndTheDay() throws {
        for format in [WebhookFormat.slack, .discord] {
            let body = text(try request(format, Self.forecast()))
            #expect(body.contains("Air quality forecast for Paris, Wed 2 Dec"), "\(format)")
            #expect(body.contains("7 hours at or above AQI 101"), "\(format)")
        }
        let ntfy = try request(.ntfy, Self.forecast())
        #expect(text(ntfy).contains("Air quality forecast for Paris, Wed 2 Dec"))
        #expect(ntfy.headers.value("Tags")?.contains("calendar") == true)
        #expect(ntfy.headers.value("Priority") == "3")
        #expect(try request(.ntfy, Self.forecast(.forecastCleared)).headers.value("Priority") == "2")
    }

    @Test func alertmanagerHasItsOwnAlertNamedByCityAndDay() throws {
        let fired = try #require(try SampleEvents.json(try request(.alertmanager, Self.forecast()).body) as? [[String: Any]])
        #expect(fired.count == 1)
        let labels = try #require(fired[0]["labels"] as? [String: String])
        #expect(labels == ["alertname": "AirQualityForecast", "city": "Paris", "day": "2026-12-02"])
        #expect(fired[0]["endsAt"] as? String == "2026-12-02T23:00:00Z")
        #expect((fired[0]["annotations"] as? [String: String])?["band"] == "unhealthy")
        #expect((fired[0]["annotations"] as? [String: String])?["hours_above_threshold"] == "7")
        // An update keeps the labels: it replaces the day's alert.
        let updated = try #require(
            try SampleEvents.json(try request(.alertmanager, Self.forecast(band: .veryUnhealthy, previous: .unhealthy)).body)
                as? [[String: Any]])
        #expect(updated.count == 1 && updated[0]["labels"] as? [String: String] == labels)
        let cleared = try #require(
            try SampleEvents.json(try request(.alertmanager, Self.forecast(.forecastCleared, band: .moderate)).body)
                as? [[String: Any]])
        #expect(cleared[0]["labels"] as? [String: String] == labels)
        #expect(cleared[0]["endsAt"] as? String == TimeText.rfc3339(SampleEvents.createdAt))
    }

    @Test func emailSaysTheDayAndTheHours() {
        let message = MailMessage(
            event: Self.forecast(), addressing: MailAddressing(from: "breeze@example.com", to: ["ops@example.com"], subjectPrefix: "[Breeze]"),
            timeZone: "UTC", hostname: "host", now: SampleEvents.createdAt)
        #expect(message.subject.hasPrefix("[Breeze] Air quality forecast for Paris, Wed 2 Dec"))
        #expect(message.body.contains("Day: Wed 2 Dec (forecast peak)"))
        #expect(message.body.contains("Hours: 7 at or above AQI 101"))
        #expect(message.body.contains("A forecast alert for Wed 2 Dec"))
        #expect(message.whole.contains("X-Breeze-Event: forecast "))
    }

    @Test func quietHoursHoldAForecastLikeAFiringButNotItsClearing() {
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(
                name: "ops", url: "http://127.0.0.1:9",
                delivery: DeliverySettings(quietHours: QuietHours(start: 22 * 60, end: 7 * 60), timeZone: "UTC")),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]))
        let night = Instant(unixSeconds: 1_796_166_000)  // 2026-12-01T23:00:00Z
        #expect(QuietHoursPolicy.holdUntil(event: Self.forecast(), receiver: receiver, now: night, cityTimeZone: nil)
            == night + .seconds(8 * 3600))
        #expect(QuietHoursPolicy.holdUntil(event: Self.forecast(.forecastCleared), receiver: receiver, now: night, cityTimeZone: nil) == nil)
        // As for a firing, Very Unhealthy and worse go out at once.
        #expect(QuietHoursPolicy.holdUntil(event: Self.forecast(band: .veryUnhealthy), receiver: receiver, now: night, cityTimeZone: nil) == nil)
    }
}
